//! The areas of `domain` depend on each other in one direction only. Crate boundaries already
//! keep `kernel` below `domain` and `domain` below the HTTP crate; this keeps the modules inside
//! `domain` from growing cycles again (a cycle means two areas can only be read together).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Top-level module → the top-level modules its code names.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&src, &mut files);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| top_module(&src, f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let Some(module) = top_module(&src, file) else {
            continue;
        };
        let depth = file
            .strip_prefix(&src)
            .expect("under src")
            .components()
            .count()
            - 1;
        let text = std::fs::read_to_string(file).expect("readable source");
        let edges = graph.entry(module.clone()).or_default();
        for named in named_modules(&text, depth) {
            if named != module && modules.contains(&named) {
                edges.insert(named);
            }
        }
    }
    graph
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable dir") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// `vehicle` for `src/vehicle/records.rs` and `src/vehicle.rs`; none for `src/lib.rs`.
fn top_module(src: &Path, file: &Path) -> Option<String> {
    let first = file.strip_prefix(src).ok()?.components().next()?;
    let name = first.as_os_str().to_str()?.trim_end_matches(".rs");
    (name != "lib").then(|| name.to_owned())
}

/// Modules named as `crate::x`, or as `super::x` climbing to the crate root from a file
/// `depth` folders below `src` (`mod.rs` counts as its folder).
fn named_modules(text: &str, depth: usize) -> Vec<String> {
    let mut found = Vec::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for (at, _) in text.match_indices("crate::") {
        found.push(ident(&text[at + "crate::".len()..]));
    }
    // `super::` from `src/area/file.rs` is `area`; two of them reach the root.
    let climbs = depth + 1;
    let supers = "super::".repeat(climbs);
    for (at, _) in text.match_indices(&supers) {
        let preceded_by_super = text[..at].ends_with("super::");
        if !preceded_by_super {
            found.push(ident(&text[at + supers.len()..]));
        }
    }
    found
}

fn cycle_from(
    graph: &BTreeMap<String, BTreeSet<String>>,
    node: &str,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if let Some(at) = path.iter().position(|n| n == node) {
        let mut cycle = path[at..].to_vec();
        cycle.push(node.to_owned());
        return Some(cycle);
    }
    if done.contains(node) {
        return None;
    }
    path.push(node.to_owned());
    for next in graph.get(node).into_iter().flatten() {
        if let Some(cycle) = cycle_from(graph, next, path, done) {
            return Some(cycle);
        }
    }
    path.pop();
    done.insert(node.to_owned());
    None
}

#[test]
fn areas_have_no_cycles() {
    let graph = module_graph();
    assert!(graph.contains_key("vehicle") && graph.contains_key("enterprise"));
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = cycle_from(&graph, node, &mut Vec::new(), &mut done) {
            panic!("module cycle in domain: {}", cycle.join(" → "));
        }
    }
}

#[test]
fn the_graph_sees_both_spellings() {
    assert_eq!(named_modules("use crate::scope::Scope;", 0), ["scope"]);
    assert_eq!(named_modules("use super::seed::x;", 0), ["seed"]);
    assert_eq!(
        named_modules("use super::find; use super::super::vehicle::x;", 1),
        ["vehicle"]
    );
}

/** Checkbox-tree logic (role menus, API groups): pure. */
export interface TreeNode {
  id: string;
  label: string;
  children?: TreeNode[];
}

export function descendantIds(node: TreeNode): string[] {
  const out: string[] = [];
  const walk = (n: TreeNode) => {
    for (const c of n.children ?? []) {
      out.push(c.id);
      walk(c);
    }
  };
  walk(node);
  return out;
}

/** Leaves under (or equal to) a node. */
export function leafIds(node: TreeNode): string[] {
  if (!node.children || node.children.length === 0) return [node.id];
  return node.children.flatMap(leafIds);
}

export type CheckState = 'checked' | 'unchecked' | 'mixed';

export function nodeState(node: TreeNode, checked: ReadonlySet<string>): CheckState {
  if (!node.children || node.children.length === 0) return checked.has(node.id) ? 'checked' : 'unchecked';
  const states = node.children.map((c) => nodeState(c, checked));
  if (states.every((s) => s === 'checked')) return 'checked';
  if (states.every((s) => s === 'unchecked')) return 'unchecked';
  return 'mixed';
}

/** Toggling a node checks or clears it with its whole subtree. */
export function toggleNode(node: TreeNode, checked: ReadonlySet<string>): Set<string> {
  const next = new Set(checked);
  const ids = [node.id, ...descendantIds(node)];
  const on = nodeState(node, checked) !== 'checked';
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The checked ids plus every ancestor of a checked id (a menu needs its parents to be reachable). */
export function withAncestors(nodes: readonly TreeNode[], checked: ReadonlySet<string>): Set<string> {
  const out = new Set(checked);
  const walk = (n: TreeNode, path: string[]): boolean => {
    let any = checked.has(n.id);
    for (const c of n.children ?? []) if (walk(c, [...path, n.id])) any = true;
    if (any) {
      out.add(n.id);
      for (const p of path) out.add(p);
    }
    return any;
  };
  for (const n of nodes) walk(n, []);
  return out;
}

/**
 * A stored id set (which lists parents too) as the tree shows it: a parent with checked descendants takes its state
 * from them; a parent listed alone stands for its whole subtree.
 */
export function normalizeChecked(nodes: readonly TreeNode[], ids: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const walk = (n: TreeNode, inherited: boolean) => {
    const kids = n.children ?? [];
    if (kids.length === 0) {
      if (inherited || ids.has(n.id)) out.add(n.id);
      return;
    }
    const anyBelow = descendantIds(n).some((d) => ids.has(d));
    const whole = inherited || (ids.has(n.id) && !anyBelow);
    if (whole || ids.has(n.id)) out.add(n.id);
    kids.forEach((c) => {
      walk(c, whole);
    });
  };
  nodes.forEach((n) => {
    walk(n, false);
  });
  return out;
}

export function filterTree(nodes: readonly TreeNode[], query: string): TreeNode[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...nodes];
  const out: TreeNode[] = [];
  for (const n of nodes) {
    const kids = filterTree(n.children ?? [], q);
    if (n.label.toLowerCase().includes(q) || kids.length > 0) out.push({ ...n, children: n.label.toLowerCase().includes(q) ? n.children : kids });
  }
  return out;
}

/** What to save: every node that is checked or partly checked (so each granted menu keeps its parents). */
export function effectiveIds(nodes: readonly TreeNode[], checked: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (n: TreeNode) => {
    if (nodeState(n, checked) !== 'unchecked') out.push(n.id);
    (n.children ?? []).forEach(walk);
  };
  nodes.forEach(walk);
  return out;
}

//! A gzip body assembled from pieces deflated separately, so a large answer whose parts change
//! at different times recompresses only the parts that changed (the technique of pigz).
//!
//! Each [`Piece`] is a raw deflate stream ended by a sync flush: byte-aligned, not final, and
//! referring to nothing before it, so pieces can be concatenated in any order. [`assemble`]
//! adds the gzip header, a final piece and the trailer (the CRC-32 of the whole, combined from
//! the pieces' CRCs, and the length). The result is one ordinary gzip member any client reads.

use bytes::{BufMut, Bytes, BytesMut};
use crc32fast::Hasher;
use flate2::{Compress, Compression, FlushCompress};

/// Level 1: a whole-fleet answer is megabytes of repetitive JSON, where the fastest level
/// still compresses about eightfold and the slower ones cost several times the CPU.
const LEVEL: Compression = Compression::fast();

/// Part of a body, deflated on its own.
#[derive(Clone)]
pub struct Piece {
    deflated: Bytes,
    crc: Hasher,
    len: u32,
}

impl Piece {
    /// `text` deflated, ready to stand anywhere in a body.
    pub fn new(text: &[u8]) -> Self {
        Self {
            deflated: deflate(text, FlushCompress::Sync),
            crc: crc_of(text),
            len: u32::try_from(text.len()).expect("a piece is under 4 GiB"),
        }
    }

    /// Compressed bytes.
    pub fn size(&self) -> usize {
        self.deflated.len()
    }
}

fn crc_of(text: &[u8]) -> Hasher {
    let mut crc = Hasher::new();
    crc.update(text);
    crc
}

fn deflate(text: &[u8], flush: FlushCompress) -> Bytes {
    let mut compress = Compress::new(LEVEL, false);
    let mut out = Vec::with_capacity(text.len() / 4 + 64);
    loop {
        let consumed = usize::try_from(compress.total_in()).expect("fits in memory");
        let status = compress
            .compress_vec(&text[consumed..], &mut out, flush)
            .expect("deflating a buffer in memory cannot fail");
        let done = usize::try_from(compress.total_in()).expect("fits in memory") == text.len()
            && out.len() < out.capacity();
        if done || status == flate2::Status::StreamEnd {
            return out.into();
        }
        out.reserve(out.capacity().max(1024));
    }
}

/// The gzip member of `pieces` followed by `last` (deflated here, usually a small per-request
/// tail).
pub fn assemble<'a>(pieces: impl IntoIterator<Item = &'a Piece>, last: &[u8]) -> Bytes {
    // Header: magic, deflate, no flags, no time, no extra flags, unknown OS.
    const HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255];
    let tail = deflate(last, FlushCompress::Finish);
    let mut crc = Hasher::new();
    let mut len: u32 = 0;
    let mut out = BytesMut::new();
    out.put_slice(&HEADER);
    for piece in pieces {
        out.put_slice(&piece.deflated);
        crc.combine(&piece.crc);
        len = len.wrapping_add(piece.len);
    }
    out.put_slice(&tail);
    crc.combine(&crc_of(last));
    len = len.wrapping_add(u32::try_from(last.len()).expect("a tail is under 4 GiB"));
    out.put_u32_le(crc.finalize());
    out.put_u32_le(len);
    out.freeze()
}

/// `text` as one gzip member at the best level: for a body compressed once and sent many times
/// (a cached page).
pub fn compress_once(text: &[u8]) -> Bytes {
    use std::io::Write as _;
    let mut encoder =
        flate2::write::GzEncoder::new(Vec::with_capacity(text.len() / 4), Compression::best());
    encoder
        .write_all(text)
        .expect("compressing into memory cannot fail");
    encoder
        .finish()
        .expect("compressing into memory cannot fail")
        .into()
}

/// Whether an `Accept-Encoding` value admits gzip (a `q=0` refuses it).
pub fn accepted(accept_encoding: &str) -> bool {
    accept_encoding.split(',').any(|coding| {
        let mut parts = coding.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let refused = parts.any(|p| {
            p.strip_prefix("q=")
                .and_then(|q| q.parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn gunzip(body: &[u8]) -> String {
        let mut text = String::new();
        flate2::read::GzDecoder::new(body)
            .read_to_string(&mut text)
            .expect("a valid gzip member");
        text
    }

    #[test]
    fn pieces_deflated_apart_read_back_as_one_body() {
        let big = "{\"i\":1,\"p\":\"沪A12345\"},".repeat(5_000);
        let pieces = [
            Piece::new(b"[head "),
            Piece::new(big.as_bytes()),
            Piece::new(b""),
        ];
        let body = assemble(&pieces, b" tail]");
        assert_eq!(gunzip(&body), format!("[head {big} tail]"));
        assert!(
            pieces[1].size() < big.len() / 10,
            "repetitive text compresses"
        );
    }

    #[test]
    fn compressed_once_reads_back() {
        let page = "<p>胎压</p>".repeat(1_000);
        let body = compress_once(page.as_bytes());
        assert_eq!(gunzip(&body), page);
        assert!(body.len() < page.len() / 10);
    }

    #[test]
    fn no_pieces_is_the_tail_alone() {
        assert_eq!(gunzip(&assemble([], b"{}")), "{}");
    }

    #[test]
    fn accept_encoding_is_read_with_its_weights() {
        assert!(accepted("gzip, deflate, br, zstd"));
        assert!(accepted("br;q=1.0, GZIP;q=0.5"));
        assert!(accepted("*"));
        assert!(!accepted("br, zstd"));
        assert!(!accepted("gzip;q=0, br"));
        assert!(!accepted(""));
    }
}

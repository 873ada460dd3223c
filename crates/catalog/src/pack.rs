//! The store's large values, compressed by the catalog itself (schema 6): a
//! skill's record, a SKILL.md, a cached model reading, a cached GitHub
//! answer. sled's own compression recompressed a whole tree node on every
//! change, with a new zstd context each time; measured on a 20,000-skill
//! import, that was three quarters of the store's time. Here each value is
//! compressed once, on the thread that prepared it, with a context that
//! thread keeps.

use std::cell::RefCell;
use std::io;

/// zstd's fastest level: SKILL.md text still shrinks to about a third.
const LEVEL: i32 = 1;

/// A value larger than this when unpacked is refused as corrupt: nothing the
/// catalog writes comes near it (a SKILL.md is at most 4 MB), and a damaged
/// frame header must not make us allocate gigabytes.
const MAX_UNPACKED: u64 = 256 * 1024 * 1024;

thread_local! {
    static COMPRESSOR: RefCell<zstd::block::Compressor> = RefCell::new(zstd::block::Compressor::new());
    static DECOMPRESSOR: RefCell<zstd::block::Decompressor> = RefCell::new(zstd::block::Decompressor::new());
}

/// `bytes` as one zstd frame, its size recorded in the frame header.
pub(crate) fn pack(bytes: &[u8]) -> io::Result<Vec<u8>> {
    COMPRESSOR.with(|c| {
        let mut packed = c.borrow_mut().compress(bytes, LEVEL)?;
        packed.shrink_to_fit();
        Ok(packed)
    })
}

/// The bytes of a value written by [`pack`].
pub(crate) fn unpack(packed: &[u8]) -> io::Result<Vec<u8>> {
    let size = zstd::zstd_safe::get_frame_content_size(packed);
    // ZSTD_CONTENTSIZE_UNKNOWN and _ERROR are the two largest u64s.
    if size > MAX_UNPACKED {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "not a value written by this catalog"));
    }
    DECOMPRESSOR.with(|d| d.borrow_mut().decompress(packed, size as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_comes_back_whole_and_smaller() {
        let text = "# A skill\n\nRun `make test` before you commit.\n".repeat(200);
        let packed = pack(text.as_bytes()).unwrap();
        assert!(packed.len() * 5 < text.len(), "{} of {}", packed.len(), text.len());
        assert_eq!(unpack(&packed).unwrap(), text.as_bytes());
        assert_eq!(unpack(&pack(b"").unwrap()).unwrap(), b"");
    }

    #[test]
    fn bytes_that_are_not_a_packed_value_are_an_error_not_a_panic() {
        for junk in [&b""[..], b"{\"id\":1}", b"\x28\xb5\x2f\xfd", b"\x28\xb5\x2f\xfd\xff\xff\xff\xff\xff\xff"] {
            assert!(unpack(junk).is_err(), "{junk:?}");
        }
        let mut cut = pack("some text ".repeat(100).as_bytes()).unwrap();
        cut.truncate(cut.len() / 2);
        assert!(unpack(&cut).is_err());
    }
}

//! Packs: a publication's records and files in a few large files, for a
//! client that needs most of them (an empty catalog, or one far behind).
//!
//! A pack is one zstd stream of objects, each `kind` (one byte: `r` a
//! record, `f` a file), its SHA-256 (32 bytes), its length (u32, little
//! endian) and its bytes, uncompressed: compressed together, similar records
//! share one dictionary and take far fewer bytes than one by one. A pack is
//! named by the SHA-256 of its compressed bytes (`packs/<sha256>.pack`) and
//! listed in the signed index, so a whole pack is checked before it is read,
//! and then every object in it is checked again as an object would be.
//!
//! Packs come in pairs, a group: the records of some skills, and the files
//! those records were the first to name. A client needing a group's records
//! mostly needs its files too, and needs the records first (what search and
//! the cards show).

use std::io::{BufReader, Read, Write};

use serde::{Deserialize, Serialize};

use super::{is_hash, SnapshotError, MAX_FILE_BYTES, MAX_RECORD_BYTES};

/// A pack is closed once its compressed bytes pass this: a bounded
/// download, resumable and cacheable as one piece by any host or CDN.
pub const PACK_BYTES: u64 = 64 * 1024 * 1024;
/// zstd's level for packs: they are written once and read by every client.
const PACK_LEVEL: i32 = 6;

/// One pack file as the index lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackFile {
    /// The SHA-256 of its compressed bytes: its name.
    pub sha256: String,
    /// Its compressed size: what a download costs.
    pub bytes: u64,
    /// The objects it holds.
    pub objects: u32,
}

/// A group: the records of some skills, and the files they were the first
/// to name (none when every file was in an earlier group).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackGroup {
    pub records: PackFile,
    pub files: Option<PackFile>,
}

impl PackGroup {
    pub fn bytes(&self) -> u64 {
        self.records.bytes + self.files.as_ref().map_or(0, |f| f.bytes)
    }
}

/// `packs/<sha256>.pack`.
pub fn pack_path(sha256: &str) -> String {
    format!("packs/{sha256}.pack")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectKind {
    Record,
    File,
}

impl ObjectKind {
    fn byte(self) -> u8 {
        match self {
            ObjectKind::Record => b'r',
            ObjectKind::File => b'f',
        }
    }
}

/// Writes one pack in memory (at most about [`PACK_BYTES`]).
pub struct PackWriter {
    encoder: zstd::stream::Encoder<'static, Vec<u8>>,
    objects: u32,
}

impl PackWriter {
    pub fn new() -> Result<PackWriter, SnapshotError> {
        let encoder = zstd::stream::Encoder::new(Vec::new(), PACK_LEVEL).map_err(io)?;
        Ok(PackWriter { encoder, objects: 0 })
    }

    pub fn add(&mut self, kind: ObjectKind, sha256: &str, bytes: &[u8]) -> Result<(), SnapshotError> {
        let digest = skills_guide_engine::folder::sha256_from_hex(sha256)
            .ok_or_else(|| SnapshotError::Io(format!("{sha256} is not a SHA-256")))?;
        let len = u32::try_from(bytes.len()).map_err(|_| SnapshotError::Io(format!("object {sha256} is too large")))?;
        self.encoder.write_all(&[kind.byte()]).map_err(io)?;
        self.encoder.write_all(&digest).map_err(io)?;
        self.encoder.write_all(&len.to_le_bytes()).map_err(io)?;
        self.encoder.write_all(bytes).map_err(io)?;
        self.objects += 1;
        Ok(())
    }

    pub fn objects(&self) -> u32 {
        self.objects
    }

    /// The compressed bytes so far (zstd holds back at most a block).
    pub fn compressed_len(&self) -> u64 {
        self.encoder.get_ref().len() as u64
    }

    /// The pack's bytes and how it is listed.
    pub fn finish(self) -> Result<(Vec<u8>, PackFile), SnapshotError> {
        let objects = self.objects;
        let bytes = self.encoder.finish().map_err(io)?;
        let sha256 = skills_guide_engine::analyze::sha256_hex(&bytes);
        let listed = PackFile { sha256, bytes: bytes.len() as u64, objects };
        Ok((bytes, listed))
    }
}

/// Downloads `pack` to `whole` through a `.part` file beside it, resumed
/// from what the part holds (HTTP `Range`), and renames it into place once
/// its SHA-256 is its name. A part that does not hash right (a host that
/// changed the file under us, a damaged earlier part) is thrown away and
/// fetched once more from its start, then refused. `more` hears of every
/// chunk and answers whether to go on; `false`: stopped before the end.
pub fn download_checked(
    origin: &super::origin::Origin,
    pack: &PackFile,
    whole: &std::path::Path,
    traffic: &super::origin::Traffic,
    more: &dyn Fn(u64) -> bool,
) -> Result<bool, SnapshotError> {
    let part = whole.with_extension("part");
    for _ in 0..2 {
        if !origin.download_to(&pack_path(&pack.sha256), &part, pack.bytes, traffic, more)? {
            return Ok(false);
        }
        if file_sha256(&part)? == pack.sha256 {
            std::fs::rename(&part, whole).map_err(|e| SnapshotError::Io(format!("{}: {e}", whole.display())))?;
            return Ok(true);
        }
        let _ = std::fs::remove_file(&part);
    }
    Err(SnapshotError::BadPack { hash: pack.sha256.clone() })
}

fn file_sha256(path: &std::path::Path) -> Result<String, SnapshotError> {
    use sha2::Digest;
    let mut file = std::fs::File::open(path).map_err(|e| SnapshotError::Io(format!("{}: {e}", path.display())))?;
    let mut hasher = sha2::Sha256::new();
    std::io::copy(&mut file, &mut hasher).map_err(|e| SnapshotError::Io(format!("{}: {e}", path.display())))?;
    Ok(format!("{:x}", hasher.finalize()))
}

/// Reads a pack's objects one at a time, each bounded in size: a pack is
/// checked against its name before it is read, but its objects are still
/// read as hostile (the publisher's key may be the only thing vouching).
pub struct PackReader<R: Read> {
    decoder: zstd::stream::read::Decoder<'static, BufReader<R>>,
    name: String,
}

impl<R: Read> PackReader<R> {
    pub fn new(name: &str, compressed: R) -> Result<PackReader<R>, SnapshotError> {
        let decoder = zstd::stream::read::Decoder::new(compressed).map_err(io)?;
        Ok(PackReader { decoder, name: name.to_owned() })
    }

    /// The next object: its kind, its SHA-256 (hex) and its bytes, unchecked.
    pub fn next_object(&mut self) -> Result<Option<(ObjectKind, String, Vec<u8>)>, SnapshotError> {
        let bad = |why: String| SnapshotError::Fetch(format!("pack {}: {why}", self.name));
        let mut head = [0u8; 37];
        let mut got = 0;
        while got < head.len() {
            match self.decoder.read(&mut head[got..]) {
                Ok(0) if got == 0 => return Ok(None),
                Ok(0) => return Err(bad("it ends inside an object".into())),
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(bad(format!("not valid zstd: {e}"))),
            }
        }
        let kind = match head[0] {
            b'r' => ObjectKind::Record,
            b'f' => ObjectKind::File,
            other => return Err(bad(format!("an object of unknown kind {other}"))),
        };
        let sha256: String = head[1..33].iter().map(|b| format!("{b:02x}")).collect();
        let len = u64::from(u32::from_le_bytes([head[33], head[34], head[35], head[36]]));
        let max = if kind == ObjectKind::Record { MAX_RECORD_BYTES } else { MAX_FILE_BYTES };
        if len > max {
            return Err(bad(format!("object {sha256} claims {len} bytes, over {max}")));
        }
        let mut bytes = vec![0u8; len as usize];
        self.decoder.read_exact(&mut bytes).map_err(|e| bad(format!("object {sha256} is cut short: {e}")))?;
        debug_assert!(is_hash(&sha256));
        Ok(Some((kind, sha256, bytes)))
    }
}

fn io(e: std::io::Error) -> SnapshotError {
    SnapshotError::Io(format!("packing: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use skills_guide_engine::analyze::sha256_hex;

    #[test]
    fn a_pack_round_trips_its_objects_in_order() {
        let a = b"{\"id\":\"a\"}".to_vec();
        let b = vec![7u8; 300_000];
        let mut w = PackWriter::new().unwrap();
        w.add(ObjectKind::Record, &sha256_hex(&a), &a).unwrap();
        w.add(ObjectKind::File, &sha256_hex(&b), &b).unwrap();
        assert_eq!(w.objects(), 2);
        let (bytes, listed) = w.finish().unwrap();
        assert_eq!((listed.bytes, listed.objects), (bytes.len() as u64, 2));
        assert_eq!(listed.sha256, sha256_hex(&bytes));
        assert!(bytes.len() < 2_000, "repetitive bytes compress together: {}", bytes.len());
        let mut r = PackReader::new("p", bytes.as_slice()).unwrap();
        assert_eq!(r.next_object().unwrap(), Some((ObjectKind::Record, sha256_hex(&a), a)));
        assert_eq!(r.next_object().unwrap(), Some((ObjectKind::File, sha256_hex(&b), b)));
        assert_eq!(r.next_object().unwrap(), None);
    }

    #[test]
    fn a_cut_or_hostile_pack_is_an_error_not_a_panic() {
        let a = vec![1u8; 5000];
        let mut w = PackWriter::new().unwrap();
        w.add(ObjectKind::File, &sha256_hex(&a), &a).unwrap();
        let (bytes, _) = w.finish().unwrap();
        let mut cut = PackReader::new("p", &bytes[..bytes.len() / 2]).unwrap();
        assert!(cut.next_object().is_err());
        assert!(PackReader::new("p", &b"not zstd at all"[..]).unwrap().next_object().is_err());
        // A length past the bound is refused before anything is allocated.
        let mut head = vec![b'f'];
        head.extend([0u8; 32]);
        head.extend(u32::MAX.to_le_bytes());
        let hostile = zstd::stream::encode_all(head.as_slice(), 3).unwrap();
        let err = PackReader::new("p", hostile.as_slice()).unwrap().next_object().unwrap_err().to_string();
        assert!(err.contains("claims"), "{err}");
        let mut unknown = vec![b'x'];
        unknown.extend([0u8; 36]);
        let unknown = zstd::stream::encode_all(unknown.as_slice(), 3).unwrap();
        assert!(PackReader::new("p", unknown.as_slice()).unwrap().next_object().is_err());
    }
}

//! The publisher's keys, in minisign's formats (Ed25519): the secret key
//! signs each publication's index; clients are configured with the public
//! key, as the one-line base64 string or the `.pub` file `minisign` and
//! `snapshot keygen` write.
//!
//! The secret key is written without a password, for a CI job to use from
//! its secret store; it must never be logged, printed or put in a catalog.

use std::path::{Path, PathBuf};

use minisign::{KeyPair, PublicKey, PublicKeyBox, SecretKey, SecretKeyBox};

use super::SnapshotError;

pub const SECRET_KEY_FILE: &str = "snapshot.key";
pub const PUBLIC_KEY_FILE: &str = "snapshot.pub";

fn key_error(e: impl std::fmt::Display) -> SnapshotError {
    SnapshotError::Key(e.to_string())
}

/// Makes a key pair in `dir`: `snapshot.key` (secret, readable by its owner
/// only) and `snapshot.pub`. Never replaces an existing key.
pub fn generate(dir: &Path) -> Result<(PathBuf, PathBuf, String), SnapshotError> {
    let secret_path = dir.join(SECRET_KEY_FILE);
    let public_path = dir.join(PUBLIC_KEY_FILE);
    for path in [&secret_path, &public_path] {
        if path.exists() {
            return Err(SnapshotError::Key(format!("{} exists already: it is never replaced", path.display())));
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| SnapshotError::Io(format!("{}: {e}", dir.display())))?;
    let pair = KeyPair::generate_unencrypted_keypair().map_err(key_error)?;
    let secret = pair.sk.to_box(Some("skills-guide snapshot secret key")).map_err(key_error)?.into_string();
    let public_box = pair.pk.to_box().map_err(key_error)?;
    let public_line = pair.pk.to_base64();
    write_new(&secret_path, secret.as_bytes(), true)?;
    write_new(&public_path, public_box.into_string().as_bytes(), false)?;
    Ok((secret_path, public_path, public_line))
}

/// Creates `path` (never replacing it), private to its owner when `secret`.
fn write_new(path: &Path, bytes: &[u8], secret: bool) -> Result<(), SnapshotError> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    if secret {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    #[cfg(not(unix))]
    let _ = secret;
    let mut file = options.open(path).map_err(|e| SnapshotError::Io(format!("{}: {e}", path.display())))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(|e| SnapshotError::Io(format!("{}: {e}", path.display())))
}

/// The secret key from its file's text (as `snapshot keygen` writes it).
pub fn secret_key(text: &str) -> Result<SecretKey, SnapshotError> {
    let boxed = SecretKeyBox::from_string(text).map_err(|_| SnapshotError::Key("not a minisign secret key".into()))?;
    boxed.into_unencrypted_secret_key().map_err(|_| {
        SnapshotError::Key("a password-protected or damaged secret key (use one from `snapshot keygen`)".into())
    })
}

/// The publisher's public key, given as its base64 line, as the text of a
/// `.pub` file, or as the path of one.
pub fn public_key(given: &str) -> Result<PublicKey, SnapshotError> {
    let given = given.trim();
    let text = if Path::new(given).is_file() {
        std::fs::read_to_string(given).map_err(|e| SnapshotError::Key(format!("{given}: {e}")))?
    } else {
        given.to_owned()
    };
    let parsed = if text.contains("untrusted comment:") {
        PublicKeyBox::from_string(&text).and_then(PublicKeyBox::into_public_key)
    } else {
        PublicKey::from_base64(text.trim())
    };
    parsed.map_err(|_| SnapshotError::Key("not a minisign public key (expected a line like RWQ…)".into()))
}

/// A key's id, as minisign prints it (16 hex digits): names the publisher.
pub fn key_id(key: &PublicKey) -> String {
    key.keynum().iter().rev().map(|b| format!("{b:02X}")).collect()
}

/// Signs `data` (the uncompressed index); the trusted comment, signed too,
/// names the publication.
pub fn sign(secret: &SecretKey, data: &[u8], trusted_comment: &str) -> Result<String, SnapshotError> {
    let signature =
        minisign::sign(None, secret, std::io::Cursor::new(data), Some(trusted_comment), None).map_err(key_error)?;
    Ok(signature.into_string())
}

/// Checks `signature` (a `.minisig` file's text) over `data` with `key`.
pub fn verify(key: &PublicKey, data: &[u8], signature: &str) -> Result<(), SnapshotError> {
    let boxed = minisign::SignatureBox::from_string(signature)
        .map_err(|_| SnapshotError::BadSignature("the signature file is not a minisign signature".into()))?;
    minisign::verify(key, &boxed, std::io::Cursor::new(data), true, false, false)
        .map_err(|e| SnapshotError::BadSignature(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_key_signs_and_only_its_public_key_verifies() {
        let tmp = tempfile::tempdir().unwrap();
        let (secret_path, public_path, line) = generate(tmp.path()).unwrap();
        let secret = secret_key(&std::fs::read_to_string(&secret_path).unwrap()).unwrap();
        let signature = sign(&secret, b"index", "sequence 1").unwrap();
        for given in [line.as_str(), public_path.to_str().unwrap()] {
            let key = public_key(given).unwrap();
            verify(&key, b"index", &signature).unwrap();
            assert!(matches!(verify(&key, b"index!", &signature), Err(SnapshotError::BadSignature(_))));
        }
        let other = tempfile::tempdir().unwrap();
        let (_, _, other_line) = generate(other.path()).unwrap();
        assert!(verify(&public_key(&other_line).unwrap(), b"index", &signature).is_err(), "a wrong key");
        assert!(generate(tmp.path()).is_err(), "an existing key is never replaced");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&secret_path).unwrap().permissions().mode() & 0o777, 0o600);
        }
    }

    #[test]
    fn garbage_keys_and_signatures_are_clear_errors() {
        assert!(matches!(public_key("not a key"), Err(SnapshotError::Key(_))));
        assert!(matches!(secret_key("nope"), Err(SnapshotError::Key(_))));
        let tmp = tempfile::tempdir().unwrap();
        let (_, _, line) = generate(tmp.path()).unwrap();
        let key = public_key(&line).unwrap();
        assert!(matches!(verify(&key, b"x", "garbage"), Err(SnapshotError::BadSignature(_))));
        assert_eq!(key_id(&key).len(), 16);
    }
}

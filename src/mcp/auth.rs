//! Bearer tokens for Streamable HTTP, each mapped to a tenant.
//!
//! The token file is TOML:
//!
//! ```toml
//! [[token]]
//! tenant = "alice"
//! sha256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"   # of the token
//!
//! [[token]]
//! tenant = "bob"
//! token = "a-long-random-secret"                                             # or the token itself
//! ```
//!
//! Tokens are kept only as SHA-256 digests in memory and are never logged; comparison is over
//! digests, so its timing says nothing about a token's bytes.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;
use sha2::{Digest as _, Sha256};

use crate::TenantId;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenFile {
    #[serde(default)]
    token: Vec<TokenEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenEntry {
    tenant: String,
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    sha256: Option<String>,
}

/// The tokens an HTTP server accepts.
#[derive(Debug, Clone, Default)]
pub struct Tokens {
    by_digest: HashMap<[u8; 32], TenantId>,
}

fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn parse_hex32(text: &str) -> Option<[u8; 32]> {
    let text = text.strip_prefix("sha256:").unwrap_or(text);
    if text.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

impl Tokens {
    /// Reads a token file; every entry is checked before any is accepted.
    pub fn load(path: &Path) -> Result<Tokens, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Tokens::from_toml(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Parses token-file text.
    pub fn from_toml(text: &str) -> Result<Tokens, String> {
        let file: TokenFile = toml::from_str(text).map_err(|e| e.message().to_owned())?;
        if file.token.is_empty() {
            return Err("no [[token]] entries".into());
        }
        let mut by_digest = HashMap::new();
        for (i, entry) in file.token.into_iter().enumerate() {
            let at = format!("token[{i}]");
            let tenant = TenantId::new(&entry.tenant).map_err(|e| format!("{at}.tenant: {e}"))?;
            let d = match (entry.token, entry.sha256) {
                (Some(token), None) if token.len() >= 16 => digest(&token),
                (Some(_), None) => return Err(format!("{at}.token: must be at least 16 characters")),
                (None, Some(hex)) => {
                    parse_hex32(&hex).ok_or_else(|| format!("{at}.sha256: must be 64 hexadecimal digits"))?
                }
                _ => return Err(format!("{at}: give exactly one of `token` and `sha256`")),
            };
            if by_digest.insert(d, tenant).is_some() {
                return Err(format!("{at}: the same token appears twice"));
            }
        }
        Ok(Tokens { by_digest })
    }

    /// The tenant of a presented token.
    pub fn tenant(&self, token: &str) -> Option<TenantId> {
        self.by_digest.get(&digest(token)).cloned()
    }

    /// The tenant of an `Authorization` header value (`Bearer <token>`).
    pub fn authorize(&self, header: Option<&str>) -> Option<TenantId> {
        let value = header?.trim();
        let (scheme, token) = value.split_once(' ')?;
        if !scheme.eq_ignore_ascii_case("bearer") {
            return None;
        }
        self.tenant(token.trim())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_map_to_tenants_by_plain_text_or_digest() {
        let hex = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"; // sha256("test")
        let tokens = Tokens::from_toml(&format!(
            "[[token]]\ntenant = \"alice\"\ntoken = \"0123456789abcdef-alice\"\n[[token]]\ntenant = \"bob\"\nsha256 = \"{hex}\"\n"
        ))
        .expect("valid");
        assert_eq!(
            tokens.authorize(Some("Bearer 0123456789abcdef-alice")).map(|t| t.as_str().to_owned()),
            Some("alice".into())
        );
        assert_eq!(tokens.authorize(Some("bearer test")).map(|t| t.as_str().to_owned()), Some("bob".into()));
        assert!(tokens.authorize(Some("Bearer 0123456789abcdef-alicE")).is_none());
        assert!(tokens.authorize(Some("Basic 0123456789abcdef-alice")).is_none());
        assert!(tokens.authorize(None).is_none());
    }

    #[test]
    fn malformed_token_files_are_refused_whole() {
        for bad in [
            "",
            "[[token]]\ntenant = \"a\"\n",
            "[[token]]\ntenant = \"a\"\ntoken = \"short\"\n",
            "[[token]]\ntenant = \"a b\"\ntoken = \"0123456789abcdef\"\n",
            "[[token]]\ntenant = \"a\"\nsha256 = \"zz\"\n",
            "[[token]]\ntenant = \"a\"\ntoken = \"0123456789abcdef\"\nextra = 1\n",
            "[[token]]\ntenant = \"a\"\ntoken = \"0123456789abcdef\"\n[[token]]\ntenant = \"b\"\ntoken = \"0123456789abcdef\"\n",
        ] {
            assert!(Tokens::from_toml(bad).is_err(), "{bad:?}");
        }
    }
}

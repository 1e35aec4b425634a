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
//!
//! With a shared store, tokens can also live in its tenant registry (`jacobian tenant token
//! add`), where every replica finds them: `serve --store-tokens`. A registered token is looked up
//! once and remembered for [`REGISTRY_TTL`], so that a revocation holds on every replica within
//! that time; a registry that cannot be read refuses the request as unavailable, not as
//! unauthorized.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jacobian_runtime::artifact::PgDatabase;

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

/// How long a registry lookup is remembered.
pub const REGISTRY_TTL: Duration = Duration::from_secs(5);

/// Lookups remembered at most (a flood of unknown tokens cannot grow memory without bound).
const REMEMBERED: usize = 10_000;

/// Registry lookups at once, so that unknown tokens cannot take the store's connections from
/// runs; and how long a request waits for one before it is answered as unavailable.
const LOOKUPS: usize = 2;
const LOOKUP_WAIT: Duration = Duration::from_secs(2);

/// The tokens an HTTP server accepts: a token file's, the shared store's registry's, or both.
#[derive(Clone, Default)]
pub struct Tokens {
    by_digest: HashMap<[u8; 32], TenantId>,
    registry: Option<Registry>,
}

/// Registry answers by token digest: the tenant (or none) and when it was looked up.
type Remembered = HashMap<[u8; 32], (Option<TenantId>, Instant)>;

#[derive(Clone)]
struct Registry {
    db: PgDatabase,
    seen: Arc<Mutex<Remembered>>,
    lookups: Arc<tokio::sync::Semaphore>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tokens")
            .field("file", &self.by_digest.len())
            .field("registry", &self.registry.is_some())
            .finish()
    }
}

/// A new bearer token: 32 random bytes from the kernel, in hexadecimal.
pub fn new_token() -> std::io::Result<String> {
    use std::io::Read as _;
    let mut bytes = [0u8; 32];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// SHA-256 of a token, as the registry keeps it.
pub fn token_digest(token: &str) -> [u8; 32] {
    digest(token)
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
        Ok(Tokens { by_digest, registry: None })
    }

    /// Also accepts the tokens registered in `db`'s tenant registry.
    pub fn with_registry(mut self, db: PgDatabase) -> Tokens {
        self.registry =
            Some(Registry { db, seen: Arc::default(), lookups: Arc::new(tokio::sync::Semaphore::new(LOOKUPS)) });
        self
    }

    /// The tenant of a presented token, from the file only.
    pub fn tenant(&self, token: &str) -> Option<TenantId> {
        self.by_digest.get(&digest(token)).cloned()
    }

    /// The tenant of an `Authorization` header value (`Bearer <token>`), from the file only.
    pub fn authorize(&self, header: Option<&str>) -> Option<TenantId> {
        self.tenant(bearer(header)?)
    }

    /// The tenant of an `Authorization` header value, from the file or the registry; an error
    /// when the registry could not be read.
    pub async fn check(&self, header: Option<&str>) -> Result<Option<TenantId>, String> {
        let Some(token) = bearer(header) else { return Ok(None) };
        let d = digest(token);
        if let Some(tenant) = self.by_digest.get(&d) {
            return Ok(Some(tenant.clone()));
        }
        let Some(registry) = &self.registry else { return Ok(None) };
        if let Some((tenant, at)) = registry.seen.lock().unwrap_or_else(|p| p.into_inner()).get(&d)
            && at.elapsed() < REGISTRY_TTL
        {
            return Ok(tenant.clone());
        }
        let db = registry.db.clone();
        let lookup = async {
            let _permit = registry.lookups.acquire().await.map_err(|e| e.to_string())?;
            tokio::task::spawn_blocking(move || db.token_tenant(d))
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())
        };
        let found = tokio::time::timeout(LOOKUP_WAIT, lookup)
            .await
            .map_err(|_| format!("no answer from the registry within {} s", LOOKUP_WAIT.as_secs()))??;
        let tenant = found.and_then(|t| TenantId::new(&t).ok());
        let mut seen = registry.seen.lock().unwrap_or_else(|p| p.into_inner());
        if seen.len() >= REMEMBERED {
            // Forget what has lapsed, and then, if a flood of unknown tokens still fills it,
            // the unknown ones: the tenants' own tokens stay remembered.
            seen.retain(|_, (_, at)| at.elapsed() < REGISTRY_TTL);
            if seen.len() >= REMEMBERED {
                seen.retain(|_, (tenant, _)| tenant.is_some());
            }
        }
        seen.insert(d, (tenant.clone(), Instant::now()));
        Ok(tenant)
    }
}

fn bearer(header: Option<&str>) -> Option<&str> {
    let (scheme, token) = header?.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
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

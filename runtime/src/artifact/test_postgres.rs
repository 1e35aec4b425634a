//! A throwaway PostgreSQL server for the tests and benches of the shared stores: a fresh
//! cluster in a temporary directory, reachable only through a Unix socket there, stopped and
//! deleted when dropped.
//!
//! It runs Debian's server binaries (`/usr/lib/postgresql/<version>/bin`, the newest
//! installed; `scripts/provision-apt` installs them). Started as root, as CI is, the server
//! runs as the `postgres` user, since PostgreSQL refuses to run as root. No server binaries is
//! an error, never a skipped test. Connections are made on threads of their own, so the
//! server may be started and used from inside a tokio runtime.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};

/// A running server. Dropping it stops the server and deletes its files.
pub struct TestPostgres {
    child: Child,
    socket_dir: PathBuf,
    _dir: tempfile::TempDir,
    databases: std::sync::atomic::AtomicU32,
}

impl TestPostgres {
    /// Creates a cluster and starts a server on it.
    pub fn start() -> Result<Self, String> {
        let bin = server_binaries()?;
        let dir = tempfile::Builder::new().prefix("jacobian-pg-").tempdir().map_err(|e| e.to_string())?;
        let data = dir.path().join("data");
        let socket_dir = dir.path().join("socket");
        for d in [&data, &socket_dir] {
            std::fs::create_dir(d).map_err(|e| format!("{}: {e}", d.display()))?;
        }
        let owner = if nix::unistd::geteuid().is_root() { Some(postgres_user()?) } else { None };
        if let Some((uid, gid)) = owner {
            for d in [dir.path(), &data, &socket_dir] {
                std::os::unix::fs::chown(d, Some(uid), Some(gid)).map_err(|e| format!("{}: {e}", d.display()))?;
            }
        }
        let command = |name: &str| {
            let mut c = Command::new(bin.join(name));
            c.current_dir(dir.path()).stdin(Stdio::null());
            if let Some((uid, gid)) = owner {
                c.uid(uid).gid(gid).env("HOME", dir.path());
            }
            c
        };
        let init = command("initdb")
            .args(["--no-sync", "--auth=trust", "--encoding=UTF8", "--username=jacobian", "-D"])
            .arg(&data)
            .output()
            .map_err(|e| format!("initdb: {e}"))?;
        if !init.status.success() {
            return Err(format!("initdb failed: {}", String::from_utf8_lossy(&init.stderr)));
        }
        let child = command("postgres")
            .arg("-D")
            .arg(&data)
            .arg("-k")
            .arg(&socket_dir)
            .args(["-c", "listen_addresses=", "-c", "fsync=off", "-c", "max_connections=200"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("postgres: {e}"))?;
        let server = TestPostgres { child, socket_dir, _dir: dir, databases: Default::default() };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match off_runtime(|| Client::connect(&server.url_of("postgres"), NoTls).map(drop)) {
                Ok(_) => return Ok(server),
                Err(e) if Instant::now() > deadline => return Err(format!("the server did not start: {e}")),
                Err(_) => std::thread::sleep(Duration::from_millis(50)),
            }
        }
    }

    /// The connection string of database `name`.
    pub fn url_of(&self, name: &str) -> String {
        format!("host={} user=jacobian dbname={name}", self.socket_dir.display())
    }

    /// Creates a fresh, empty database and returns its connection string.
    pub fn database(&self) -> Result<String, String> {
        let n = self.databases.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("jacobian_test_{n}");
        let admin = self.url_of("postgres");
        off_runtime(|| Client::connect(&admin, NoTls)?.batch_execute(&format!("CREATE DATABASE {name}")))
            .map_err(|e| e.to_string())?;
        Ok(self.url_of(&name))
    }

    /// Runs SQL on database `url` (to corrupt a stored object on purpose, say).
    pub fn execute(&self, url: &str, sql: &str) -> Result<(), String> {
        off_runtime(|| Client::connect(url, NoTls)?.batch_execute(sql)).map_err(|e| format!("{e:?}"))
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Directory of the server's Unix socket.
    pub fn socket_dir(&self) -> &Path {
        &self.socket_dir
    }
}

impl Drop for TestPostgres {
    fn drop(&mut self) {
        // SIGINT is PostgreSQL's fast shutdown: sessions are ended, the cluster is left clean.
        let pid = nix::unistd::Pid::from_raw(self.child.id() as i32);
        let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT);
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `f` on a thread outside any tokio runtime (`postgres::Client` runs one of its own).
fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
}

/// `/usr/lib/postgresql/<newest version>/bin`.
fn server_binaries() -> Result<PathBuf, String> {
    let root = Path::new("/usr/lib/postgresql");
    let newest = std::fs::read_dir(root)
        .map_err(|e| format!("no PostgreSQL server in {} ({e}); install the package postgresql", root.display()))?
        .flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|v| v.parse::<u32>().ok()))
        .max()
        .ok_or_else(|| format!("no PostgreSQL server in {}; install the package postgresql", root.display()))?;
    let bin = root.join(newest.to_string()).join("bin");
    if bin.join("postgres").exists() && bin.join("initdb").exists() {
        Ok(bin)
    } else {
        Err(format!("{} lacks postgres or initdb", bin.display()))
    }
}

/// The uid and gid of the `postgres` user, from /etc/passwd.
fn postgres_user() -> Result<(u32, u32), String> {
    let passwd = std::fs::read_to_string("/etc/passwd").map_err(|e| format!("/etc/passwd: {e}"))?;
    passwd
        .lines()
        .map(|l| l.split(':').collect::<Vec<_>>())
        .find(|f| f.first() == Some(&"postgres") && f.len() > 3)
        .and_then(|f| Some((f[2].parse().ok()?, f[3].parse().ok()?)))
        .ok_or_else(|| "no `postgres` user; install the package postgresql".into())
}

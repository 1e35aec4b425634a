//! The backend pools against the backends driven directly, in the same session.
//!
//! `cargo bench --bench backends` prints, once every pool's workers have started:
//! - the warm round trip of a trivial PARI expression (`isprime(7)`) through the runtime
//!   (`Jacobian::run`, the path of `math.run`) against the same expression written to a `gp`
//!   process driven directly, p50 and p99, and the overhead between them; `Jacobian::run` is
//!   timed from the thread that blocks on the runtime, and from a task on the runtime, where
//!   the MCP server serves requests;
//! - the cold start of each backend (spawn to its first answer), directly;
//! - throughput with 1, 2 and 8 runs in flight on a pool of 2;
//! - interrupt latency: `factor` of a 120-digit semiprime under a 200 ms deadline, p50 and p99
//!   of the time to the TIMED_OUT answer, and of the next run right after it;
//! - 200 mixed runs in flight on pools of 2: failures, orphaned processes after shutdown
//!   (found through `/proc`), and resident memory before and after.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
use serde_json::json;

const SEMIPRIME_120: &str = "319571431702096474587290507917391662645887268939924210727412977948054806355869025491510193734331030362384951841715851437";

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() as f64 - 1.0) * p).round() as usize]
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// A `gp` process driven directly: one line in, one line out.
struct DirectGp {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl DirectGp {
    fn start() -> DirectGp {
        let mut child = Command::new("gp")
            .args(["-q", "-f"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("gp (Debian package pari-gp)");
        let out = BufReader::new(child.stdout.take().expect("stdout"));
        DirectGp { child, out }
    }
    fn tell(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().expect("stdin");
        stdin.write_all(line.as_bytes()).expect("write");
        stdin.flush().expect("flush");
    }
    fn ask(&mut self, line: &str) -> String {
        let stdin = self.child.stdin.as_mut().expect("stdin");
        stdin.write_all(line.as_bytes()).expect("write");
        stdin.flush().expect("flush");
        let mut answer = String::new();
        self.out.read_line(&mut answer).expect("read");
        answer
    }
}

fn cold_start(program: &str, args: &[&str], first: &str, answer: &str) -> Duration {
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("backend installed");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    child.stdin.as_mut().expect("stdin").write_all(first.as_bytes()).expect("write");
    let mut line = String::new();
    while out.read_line(&mut line).expect("read") > 0 && !line.contains(answer) {}
    let took = started.elapsed();
    let _ = child.kill();
    let _ = child.wait();
    took
}

fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// Processes whose working directory is under `dir`.
fn processes_in(dir: &std::path::Path) -> usize {
    std::fs::read_dir("/proc")
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.file_name().to_string_lossy().bytes().all(|b| b.is_ascii_digit()))
                .filter(|e| std::fs::read_link(e.path().join("cwd")).is_ok_and(|cwd| cwd.starts_with(dir)))
                .count()
        })
        .unwrap_or(0)
}

fn main() {
    // Every scratch directory of this bench lives under one directory, to find orphans by.
    let scratch = tempfile::tempdir().expect("tempdir");
    let _ = tempfile::env::override_temp_dir(scratch.path());
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let rss_before = resident_kib();
    rt.block_on(async {
        let jac = jacobian::builder().backend_policy(jacobian::BackendPolicy { workers: 2, ..Default::default() }).warm_backends().build().await.expect("runtime");
        let trivial = || CapabilityRequest::new("integer.decide.prime", json!({"n": 7}));
        // Measure warm pools only: wait until every worker of every pool has started, so that no
        // start-up (GAP takes about a second of CPU per worker) competes with what is measured.
        let until = Instant::now() + Duration::from_secs(120);
        loop {
            let stats = jac.backend_stats().await;
            if !stats.is_empty() && stats.iter().all(|s| s.ready == s.workers) {
                break;
            }
            assert!(Instant::now() < until, "the pools did not warm up within 120 s: {stats:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Warm both workers.
        for _ in 0..50 {
            assert!(jac.run(trivial()).await.succeeded());
        }

        // 1. Warm round trip, through the runtime and directly, interleaved so that the
        // machine's drift weighs on both alike.
        let n = 3000;
        let mut gp = DirectGp::start();
        gp.tell("default(secure,1);\n");
        let (mut ours, mut direct, mut framed, mut base, mut blocking) = (vec![], vec![], vec![], vec![], vec![]);
        let mut served = vec![];
        let big = "7".repeat(300);
        for _ in 0..n {
            let t = Instant::now();
            let r = jac.run(trivial()).await;
            ours.push(t.elapsed());
            assert!(r.succeeded());

            // The same from a task on the runtime, as the MCP server serves a request (this
            // loop runs on the thread that blocks on the runtime, which a result must wake).
            let j = jac.clone();
            let (took, succeeded) = tokio::spawn(async move {
                let t = Instant::now();
                let r = j.run(trivial()).await;
                (t.elapsed(), r.succeeded())
            })
            .await
            .expect("task");
            served.push(took);
            assert!(succeeded);

            let t = Instant::now();
            let answer = gp.ask("print(isprime(7))\n");
            direct.push(t.elapsed());
            assert_eq!(answer.trim(), "1");

            // The same gp with the framing the pool sends (nonce markers, iferr).
            let t = Instant::now();
            gp.tell("print(\"@@J 0 BEGIN\");iferr((()->print(isprime(7)))();print(\"@@J 0 OK\"),e,print(\"@@J 0 ERR \",e));print(\"@@J 0 END\");\n");
            let mut last = String::new();
            while !last.starts_with("@@J 0 END") {
                last.clear();
                gp.out.read_line(&mut last).expect("read");
            }
            framed.push(t.elapsed());

            // The runtime's own cost per run, on an in-process capability.
            let t = Instant::now();
            let r = jac.run(CapabilityRequest::new("integer.compute.gcd", json!({"a": 84, "b": 36}))).await;
            base.push(t.elapsed());
            assert!(r.succeeded());

            // The same on a blocking thread (operands over 256 digits are placed there), the
            // path every backend run takes.
            let t = Instant::now();
            let r = jac.run(CapabilityRequest::new("integer.compute.gcd", json!({"a": big, "b": "3"}))).await;
            blocking.push(t.elapsed());
            assert!(r.succeeded());
        }
        let (k50, k99) = (percentile(&mut blocking, 0.5), percentile(&mut blocking, 0.99));
        let (f50, f99) = (percentile(&mut framed, 0.5), percentile(&mut framed, 0.99));
        let (b50, b99) = (percentile(&mut base, 0.5), percentile(&mut base, 0.99));
        let (o50, o99) = (percentile(&mut ours, 0.5), percentile(&mut ours, 0.99));
        let (s50, s99) = (percentile(&mut served, 0.5), percentile(&mut served, 0.99));
        let (d50, d99) = (percentile(&mut direct, 0.5), percentile(&mut direct, 0.99));
        println!("warm round trip, isprime(7), {n} runs:");
        println!("  gp driven directly     p50 {:>8.1} µs   p99 {:>8.1} µs", us(d50), us(d99));
        println!("  gp directly, framed    p50 {:>8.1} µs   p99 {:>8.1} µs", us(f50), us(f99));
        println!("  Jacobian::run (pool)   p50 {:>8.1} µs   p99 {:>8.1} µs", us(o50), us(o99));
        println!("  overhead               p50 {:>8.1} µs   p99 {:>8.1} µs", us(o50) - us(d50), us(o99) - us(d99));
        println!("  Jacobian::run from a task on the runtime (as an MCP request is served):");
        println!("    round trip           p50 {:>8.1} µs   p99 {:>8.1} µs", us(s50), us(s99));
        println!("    overhead             p50 {:>8.1} µs   p99 {:>8.1} µs", us(s50) - us(d50), us(s99) - us(d99));
        println!("  for scale, Jacobian::run of an in-process gcd:");
        println!("    on the capability's task     p50 {:>8.1} µs   p99 {:>8.1} µs", us(b50), us(b99));
        println!("    on a blocking thread         p50 {:>8.1} µs   p99 {:>8.1} µs", us(k50), us(k99));
        println!("  the pool's own cost (pool − blocking gcd − gp framed): p50 {:>8.1} µs", us(o50) - us(k50) - us(f50));

        // 2. Cold starts.
        println!("cold start (spawn to first answer), directly:");
        for (name, program, args, first, answer) in [
            ("PARI/GP", "gp", &["-q", "-f"][..], "print(12345)\n", "12345"),
            ("Singular", "Singular", &["-q", "-t", "--no-rc"][..], "print(12345);\n", "12345"),
            ("GAP", "gap", &["-q", "-b", "-r", "-A"][..], "Print(12345, \"\\n\");\n", "12345"),
        ] {
            let mut samples: Vec<Duration> = (0..5).map(|_| cold_start(program, args, first, answer)).collect();
            println!("  {name:<9} median {:>8.1} ms", percentile(&mut samples, 0.5).as_secs_f64() * 1e3);
        }

        // 3. Throughput with 1, 2 and 8 in flight.
        println!("throughput on a pool of 2, isprime(7):");
        for in_flight in [1usize, 2, 8] {
            let per_task = 2000 / in_flight;
            let t = Instant::now();
            let tasks: Vec<_> = (0..in_flight)
                .map(|_| {
                    let jac = jac.clone();
                    tokio::spawn(async move {
                        for _ in 0..per_task {
                            assert!(jac.run(CapabilityRequest::new("integer.decide.prime", json!({"n": 7}))).await.succeeded());
                        }
                    })
                })
                .collect();
            for task in tasks {
                task.await.expect("task");
            }
            let rate = (per_task * in_flight) as f64 / t.elapsed().as_secs_f64();
            println!("  {in_flight} in flight: {rate:>8.0} runs/s");
        }

        // 4. Interrupt latency.
        let mut answered = vec![];
        let mut next = vec![];
        for _ in 0..20 {
            let t = Instant::now();
            let r = jac.run(CapabilityRequest::new("integer.factor", json!({"n": SEMIPRIME_120})).wall_ms(200)).await;
            answered.push(t.elapsed());
            assert_eq!(r.status(), ExecutionStatus::TimedOut);
            let t = Instant::now();
            assert!(jac.run(trivial()).await.succeeded());
            next.push(t.elapsed());
        }
        println!("factor of a 120-digit semiprime under a 200 ms deadline, 20 runs:");
        println!(
            "  TIMED_OUT answered after   p50 {:>7.1} ms   p99 {:>7.1} ms",
            percentile(&mut answered, 0.5).as_secs_f64() * 1e3,
            percentile(&mut answered, 0.99).as_secs_f64() * 1e3
        );
        println!(
            "  the next run answered in   p50 {:>7.1} ms   p99 {:>7.1} ms",
            percentile(&mut next, 0.5).as_secs_f64() * 1e3,
            percentile(&mut next, 0.99).as_secs_f64() * 1e3
        );

        // 5. 200 mixed runs in flight.
        let mixed = |i: usize| match i % 4 {
            0 => CapabilityRequest::new("integer.factor", json!({"n": (1u64 << 40) + i as u64})),
            1 => CapabilityRequest::new("integer.decide.prime", json!({"n": 1_000_000_007u64 + i as u64})),
            2 => CapabilityRequest::new("polynomial.groebner_basis", json!({"variables": ["x", "y"], "polynomials": ["x^2+y^2-1", format!("x-{}*y", i % 7 + 1)]})),
            _ => CapabilityRequest::new("group.permutation.order", json!({"generators": ["(1,2)", format!("(1,{})", i % 9 + 2)]})),
        };
        let t = Instant::now();
        let tasks: Vec<_> = (0..200).map(|i| {
            let jac = jac.clone();
            tokio::spawn(async move { jac.run(mixed(i)).await })
        }).collect();
        let mut failures = 0;
        for task in tasks {
            if !task.await.expect("task").succeeded() {
                failures += 1;
            }
        }
        let took = t.elapsed();
        let stats = jac.backend_stats().await;
        jac.shutdown(Duration::from_secs(5)).await;
        drop(jac);
        tokio::time::sleep(Duration::from_millis(500)).await;
        println!("200 mixed runs in flight on pools of 2: {failures} failed, {:.0} ms", took.as_secs_f64() * 1e3);
        for s in stats {
            println!("  {:?}: served {}, restarts {}, recycled {}", s.backend, s.served, s.restarts, s.recycled);
        }
    });
    drop(rt);
    std::thread::sleep(Duration::from_millis(300));
    println!("  processes left in the bench's scratch directories after shutdown: {}", processes_in(scratch.path()));
    println!("  resident memory: {} KiB before, {} KiB after", rss_before, resident_kib());
}

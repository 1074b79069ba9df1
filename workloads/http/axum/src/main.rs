//! The http workload's native reference: the same two handlers as the JVM servers under test.
//!
//! `jvmmark-axum <host> <port> <sleepMillis>` listens on host:port (port 0: any free port), prints
//! `listening <port>` on stdout once it accepts, and serves until killed:
//! `GET /hello` answers `Hello, World!` (13 bytes); `GET /sleep` answers the same after
//! sleepMillis on a tokio timer (the event-loop way: no thread waits).
use axum::{routing::get, serve::ListenerExt, Router};
use std::io::Write;
use std::time::Duration;

const BODY: &str = "Hello, World!";

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: jvmmark-axum <host> <port> <sleepMillis>");
        std::process::exit(2);
    }
    let sleep_millis: u64 = args[3].parse().expect("sleepMillis must be a whole number");
    let app = Router::new()
        .route("/hello", get(|| async { BODY }))
        .route(
            "/sleep",
            get(move || async move {
                tokio::time::sleep(Duration::from_millis(sleep_millis)).await;
                BODY
            }),
        );
    let listener = match tokio::net::TcpListener::bind(format!("{}:{}", args[1], args[2])).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("jvmmark-axum: cannot listen on {}:{}: {}", args[1], args[2], e);
            std::process::exit(1);
        }
    };
    let port = listener.local_addr().unwrap().port();
    // TCP_NODELAY on every accepted connection, as the JVM servers under test have it
    let listener = listener.tap_io(|tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            eprintln!("jvmmark-axum: cannot set TCP_NODELAY: {}", e);
        }
    });
    println!("listening {}", port);
    std::io::stdout().flush().unwrap();
    axum::serve(listener, app).await.unwrap();
}

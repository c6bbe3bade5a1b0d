//! The HTTP server loop. `axum::serve` cannot set hyper's request-head buffer, and with hyper's
//! default (about 400 KiB) a longer request line is answered by hyper itself with a bare HTTP
//! 431 that never reaches the router. Here the buffer holds [`MAX_HEAD_BYTES`], so the edge
//! answers an oversized query string with the envelope (docs/input.md).

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt as _;

/// The longest request head (request line and headers) read before hyper gives up on it.
pub const MAX_HEAD_BYTES: usize = 2 * 1024 * 1024;

/// How long open connections get to finish once shutdown begins.
const DRAIN: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` until `shutdown` resolves, then lets open connections finish
/// (for at most [`DRAIN`]). Each request carries its peer as `ConnectInfo<SocketAddr>`.
///
/// # Errors
/// None today: accept errors (a full file table, a reset before accept) are logged and the
/// loop goes on, as `axum::serve` does.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let mut builder = Builder::new(TokioExecutor::new());
    builder.http1().max_buf_size(MAX_HEAD_BYTES);
    // Websockets over HTTP/2 need the CONNECT protocol.
    builder.http2().enable_connect_protocol();
    let (stop_tx, stop_rx) = watch::channel(());
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(conn) => conn,
                Err(err) => {
                    tracing::warn!(error = %err, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Answers are small and often written in pieces: do not wait for an ACK between them.
        let _ = stream.set_nodelay(true);
        let router = app.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            router.clone().oneshot(req.map(Body::new))
        });
        let builder = builder.clone();
        let mut stop = stop_rx.clone();
        tokio::spawn(async move {
            let conn = builder.serve_connection_with_upgrades(TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                result = conn.as_mut() => log_end(result),
                _ = stop.changed() => {
                    conn.as_mut().graceful_shutdown();
                    log_end(conn.await);
                }
            }
        });
    }
    drop(listener);
    // Tell every connection to finish, then wait until each has dropped its receiver.
    let _ = stop_tx.send(());
    drop(stop_rx);
    let _ = tokio::time::timeout(DRAIN, stop_tx.closed()).await;
    Ok(())
}

fn log_end(result: Result<(), Box<dyn std::error::Error + Send + Sync>>) {
    if let Err(err) = result {
        tracing::trace!(error = %err, "connection ended");
    }
}

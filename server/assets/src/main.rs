use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;
use wheelend::{Application, Config, Overrides};

mod embedded;

/// Wheelend: chassis-safety and fleet platform (server and console).
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate, seed and serve the console and API (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Migrate, insert missing base data (roles, brands, admin, visitor, demo enterprise) and exit.
    Seed,
    /// Print the OpenAPI description as JSON.
    Openapi,
    /// Derive every vehicle's trips and daily mileage again from history over a range of UTC
    /// days (after an import of history, or a change of how they are derived), then exit.
    RebuildDays {
        /// First day, e.g. 2026-11-01.
        #[arg(long)]
        from: chrono::NaiveDate,
        /// Last day (included).
        #[arg(long)]
        to: chrono::NaiveDate,
    },
    /// Drive simulated vehicles against a running server: creates the simulated fleet in the
    /// configured database if missing, issues the devices fresh report keys, and posts their
    /// reports to the server's /tapi/device/report like real devices. Start the server with
    /// WHEELEND_SIMULATE=0 so the two do not drive the same vehicles.
    Simulate {
        /// Vehicles to drive (at most 30,000).
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=30_000))]
        vehicles: u32,
        /// Seconds between two reports of a device.
        #[arg(long = "interval-s", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
        interval_s: u64,
        /// Seed of the simulation (random when absent); the same seed drives the same way.
        #[arg(long)]
        seed: Option<u64>,
        /// The server's address; default: the configured listen address.
        #[arg(long)]
        url: Option<String>,
    },
}

#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if let Some(Command::Openapi) = cli.command {
        println!("{}", wheelend::openapi::json());
        return Ok(());
    }
    let cfg = Config::load().map_err(|e| anyhow::anyhow!("configuration: {e}"))?;
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(&cfg.log)),
        )
        .init();
    tracing::info!(config = ?cfg, "starting");
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            let app = Application::build(cfg, embedded::assets(), Overrides::default()).await?;
            app.warm_up();
            tracing::info!("listening on http://{}", app.local_addr());
            app.run_until_stopped().await?;
        }
        Command::Migrate => {
            let url = cfg.database_url.as_ref().map_or_else(
                || kernel::db::default_url(&cfg.data_dir),
                |u| secrecy::ExposeSecret::expose_secret(u).to_owned(),
            );
            std::fs::create_dir_all(&cfg.data_dir)?;
            let db = kernel::db::connect(&url).await?;
            kernel::db::migrate(&db).await?;
            println!("migrations applied");
        }
        Command::Seed => {
            std::fs::create_dir_all(&cfg.data_dir)?;
            wheelend::prepare_database(&cfg).await?;
            println!("seed applied");
        }
        Command::RebuildDays { from, to } => {
            std::fs::create_dir_all(&cfg.data_dir)?;
            let db = wheelend::prepare_database(&cfg).await?;
            let range = domain::vehicle::mileage::DayRange {
                start_date: from,
                end_date: to,
            };
            let queued = domain::vehicle::days::queue_range(&db, range).await?;
            let derived = domain::vehicle::days::settle(&db).await?;
            println!("{queued} vehicle-days queued, {derived} derived");
        }
        Command::Simulate {
            vehicles,
            interval_s,
            seed,
            url,
        } => simulate(&cfg, vehicles as usize, interval_s, seed, url).await?,
        Command::Openapi => unreachable!("handled before configuration is read"),
    }
    Ok(())
}

/// `wheelend simulate`: see [`Command::Simulate`].
async fn simulate(
    cfg: &Config,
    vehicles: usize,
    interval_s: u64,
    seed: Option<u64>,
    url: Option<String>,
) -> anyhow::Result<()> {
    use ingestion::demo;
    std::fs::create_dir_all(&cfg.data_dir)?;
    let db = wheelend::prepare_database(cfg).await?;
    let devices = demo::ensure_fleet(&db, vehicles).await?;
    let keys = demo::issue_keys(&db, &devices).await?;
    let base = url.unwrap_or_else(|| format!("http://{}", cfg.addr));
    let endpoint = format!("{}/tapi/device/report", base.trim_end_matches('/'));
    println!(
        "driving {} simulated vehicles against {endpoint}, a report every {interval_s} s each",
        devices.len()
    );
    let client = reqwest::Client::new();
    let progress = std::cell::RefCell::new((demo::Tally::default(), std::time::Instant::now()));
    demo::drive(
        devices,
        std::time::Duration::from_secs(interval_s),
        seed.unwrap_or_else(rand::random),
        |reports| {
            let (client, endpoint, keys, progress) = (&client, &endpoint, &keys, &progress);
            async move {
                let got = demo::post_reports(client, endpoint, keys, reports).await;
                let mut progress = progress.borrow_mut();
                let (tally, shown) = &mut *progress;
                tally.add(got);
                if shown.elapsed() >= std::time::Duration::from_secs(10) {
                    *shown = std::time::Instant::now();
                    println!(
                        "reports accepted {}, refused {}, failed {}",
                        tally.accepted, tally.refused, tally.failed
                    );
                }
            }
        },
    )
    .await;
    Ok(())
}

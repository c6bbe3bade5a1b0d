use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;
use wheelend::{Application, Config, Overrides};

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
}

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
            let app = Application::build(cfg, Overrides::default()).await?;
            tracing::info!("listening on http://{}", app.local_addr());
            app.run_until_stopped().await?;
        }
        Command::Migrate => {
            let url = cfg.database_url.as_ref().map_or_else(
                || wheelend::db::default_url(&cfg.data_dir),
                |u| secrecy::ExposeSecret::expose_secret(u).to_owned(),
            );
            std::fs::create_dir_all(&cfg.data_dir)?;
            let db = wheelend::db::connect(&url).await?;
            wheelend::db::migrate(&db).await?;
            println!("migrations applied");
        }
        Command::Seed => {
            std::fs::create_dir_all(&cfg.data_dir)?;
            wheelend::prepare_database(&cfg).await?;
            println!("seed applied");
        }
        Command::Openapi => unreachable!("handled before configuration is read"),
    }
    Ok(())
}

//! Fair share: a request budget per client IP and one shared by every visitor session, so one
//! client (or anyone using the open visitor account) cannot take the server from the others.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Weak};
use std::time::Duration;

use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};

use kernel::config::Config;

/// How often addresses whose budget is full again are forgotten, keeping the store bounded by
/// the clients of the last moments.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// Both budgets; a limit configured as 0 is off.
pub struct FairShare {
    per_ip: Option<DefaultKeyedRateLimiter<IpAddr>>,
    visitors: Option<DefaultDirectRateLimiter>,
    clock: DefaultClock,
}

impl FairShare {
    /// Builds the limiters from the configuration and starts sweeping the per-IP store (the
    /// sweep ends with the last reference).
    pub fn start(cfg: &Config) -> Arc<Self> {
        let share = Arc::new(Self {
            per_ip: quota(cfg.rate_limit_per_ip, cfg.rate_limit_burst).map(RateLimiter::keyed),
            visitors: quota(cfg.visitor_rate_limit, cfg.visitor_rate_burst)
                .map(RateLimiter::direct),
            clock: DefaultClock::default(),
        });
        if share.per_ip.is_some() {
            tokio::spawn(sweep(Arc::downgrade(&share)));
        }
        share
    }

    /// Takes one request from the address's budget, or says how long until there is one.
    ///
    /// # Errors
    /// The wait when the budget is spent.
    pub fn client(&self, ip: IpAddr) -> Result<(), Duration> {
        match &self.per_ip {
            Some(limiter) => limiter
                .check_key(&ip)
                .map_err(|not_until| not_until.wait_time_from(self.clock.now())),
            None => Ok(()),
        }
    }

    /// Takes one request from the visitors' shared budget.
    ///
    /// # Errors
    /// The wait when the budget is spent.
    pub fn visitor(&self) -> Result<(), Duration> {
        match &self.visitors {
            Some(limiter) => limiter
                .check()
                .map_err(|not_until| not_until.wait_time_from(self.clock.now())),
            None => Ok(()),
        }
    }
}

/// `rate` per second with room for `burst` at once (0: the rate); none when `rate` is 0.
fn quota(rate: u32, burst: u32) -> Option<Quota> {
    let rate = NonZeroU32::new(rate)?;
    let burst = NonZeroU32::new(burst).unwrap_or(rate);
    Some(Quota::per_second(rate).allow_burst(burst))
}

async fn sweep(share: Weak<FairShare>) {
    let mut every = tokio::time::interval(SWEEP_EVERY);
    every.tick().await;
    loop {
        every.tick().await;
        let Some(share) = share.upgrade() else { return };
        if let Some(limiter) = &share.per_ip {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}

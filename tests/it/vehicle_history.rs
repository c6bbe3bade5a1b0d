//! Area tests; see the area's router.

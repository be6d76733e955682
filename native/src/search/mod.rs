//! Certificates of who wins a sum (mirrors `cgtkit.search`): the native writer of
//! the compact certificate ([`strategy`]), over the outcome search of
//! [`crate::rulesets::sums`] and its table.

pub mod strategy;

//! Wheel positions named as people say them ("Axle 2, right outer", 第2轴右外) in the texts and
//! exports the server writes; the console names them by the same rule (`app/src/lib/wheels.ts`).
//!
//! A position is `axle * 10 + wheel` (both from 1; axle from the front, wheel from the outermost
//! left, docs/fleet-data.md), and the wheels on its axle (the vehicle's axle layout) decide its
//! side and place: on a 4-wheel axle 21 is left outer, 22 left inner, 23 right inner, 24 right
//! outer; on a 2-wheel axle 11 is left, 12 right; the odd wheel of a steer axle is the centre.
//! Without the layout (or off it) a position is "Axle 2, wheel 3". Wheel ends (hubs) are
//! numbered `axle * 10 + side` (1 left, 2 right) instead.

use std::collections::HashMap;

use entities::vehicle;
use sea_orm::ConnectionTrait;

use super::alarms::kind;
use super::records::parse_layout;
use kernel::error::AppError;
use kernel::i18n::Lang;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

/// Where a wheel sits on its axle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spot {
    /// The wheels on the axle are unknown, or the wheel is not on it.
    Unknown,
    /// The middle wheel of an odd (steer) axle.
    Centre,
    /// The only wheel of its side.
    Single(Side),
    Outer(Side),
    Inner(Side),
    /// Between outer and inner; numbered from the outside when a side has more than one.
    Middle(Side, Option<u8>),
}

fn axle_wheel(position: i32) -> Option<(i32, i32)> {
    let (axle, wheel) = (position.div_euclid(10), position.rem_euclid(10));
    (axle >= 1 && wheel >= 1).then_some((axle, wheel))
}

fn spot(wheel: i32, wheels_on_axle: Option<u8>) -> Spot {
    let n = i32::from(wheels_on_axle.unwrap_or(0));
    if n < 1 || wheel > n {
        return Spot::Unknown;
    }
    let half = n / 2;
    if n % 2 == 1 && wheel == half + 1 {
        return Spot::Centre;
    }
    let side = if wheel <= half {
        Side::Left
    } else {
        Side::Right
    };
    // 1 = the outermost of its side.
    let from_outside = if side == Side::Left {
        wheel
    } else {
        n - wheel + 1
    };
    match (half, from_outside) {
        (1, _) => Spot::Single(side),
        (_, 1) => Spot::Outer(side),
        (h, f) if f == h => Spot::Inner(side),
        (h, f) => Spot::Middle(side, (h > 3).then(|| u8::try_from(f - 1).unwrap_or(0))),
    }
}

fn side_word(side: Side, lang: Lang) -> &'static str {
    match (side, lang) {
        (Side::Left, Lang::Zh) => "左",
        (Side::Right, Lang::Zh) => "右",
        (Side::Left, Lang::En) => "left",
        (Side::Right, Lang::En) => "right",
    }
}

/// "right outer" / 右外, without the axle.
fn place(spot: Spot, lang: Lang) -> String {
    let (side, place) = match spot {
        Spot::Unknown => return String::new(),
        Spot::Centre => return if lang == Lang::Zh { "中轮" } else { "centre" }.to_owned(),
        Spot::Single(s) => (s, if lang == Lang::Zh { "轮" } else { "" }.to_owned()),
        Spot::Outer(s) => (s, if lang == Lang::Zh { "外" } else { "outer" }.to_owned()),
        Spot::Inner(s) => (s, if lang == Lang::Zh { "内" } else { "inner" }.to_owned()),
        Spot::Middle(s, nth) => {
            let word = if lang == Lang::Zh { "中" } else { "middle" };
            let sep = if lang == Lang::Zh { "" } else { " " };
            (
                s,
                nth.map_or(word.to_owned(), |n| format!("{word}{sep}{n}")),
            )
        }
    };
    match lang {
        Lang::Zh => format!("{}{place}", side_word(side, lang)),
        Lang::En if place.is_empty() => side_word(side, lang).to_owned(),
        Lang::En => format!("{} {place}", side_word(side, lang)),
    }
}

/// "Axle 2" / 第2轴.
pub fn axle_name(axle: i32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{axle}轴"),
        Lang::En => format!("Axle {axle}"),
    }
}

/// A wheel position as people say it: "Axle 2, right outer" / 第2轴右外; "Axle 2, wheel 3" /
/// 第2轴 第3轮 without the vehicle's wheels per axle (or off them); None for a number that is
/// not a position (0 is the vehicle itself).
pub fn wheel_name(position: i32, wheels_per_axle: Option<&[u8]>, lang: Lang) -> Option<String> {
    let (axle, wheel) = axle_wheel(position)?;
    let on_axle = wheels_per_axle
        .and_then(|w| w.get(usize::try_from(axle - 1).ok()?))
        .copied();
    let axle_text = axle_name(axle, lang);
    Some(match (spot(wheel, on_axle), lang) {
        (Spot::Unknown, Lang::Zh) => format!("{axle_text} 第{wheel}轮"),
        (Spot::Unknown, Lang::En) => format!("{axle_text}, wheel {wheel}"),
        (s, Lang::Zh) => format!("{axle_text}{}", place(s, lang)),
        (s, Lang::En) => format!("{axle_text}, {}", place(s, lang)),
    })
}

/// A wheel as work orders store it (`axle-wheel`, "2-4") named by [`wheel_name`]; a text that is
/// not such a position is kept as it is.
pub fn order_wheel_name(text: &str, wheels_per_axle: Option<&[u8]>, lang: Lang) -> String {
    text.trim()
        .split_once('-')
        .and_then(|(a, w)| Some((a.parse::<u8>().ok()?, w.parse::<u8>().ok()?)))
        .filter(|(a, w)| (1..=9).contains(a) && (1..=9).contains(w))
        .and_then(|(a, w)| wheel_name(i32::from(a) * 10 + i32::from(w), wheels_per_axle, lang))
        .unwrap_or_else(|| text.to_owned())
}

/// A wheel end (hub) `axle * 10 + side` (1 left, 2 right): "Axle 2, left wheel end" /
/// 第2轴左轮端; None for anything else.
pub fn wheel_end_name(position: i32, lang: Lang) -> Option<String> {
    let (axle, end) = axle_wheel(position).filter(|(_, w)| *w <= 2)?;
    let side = if end == 1 { Side::Left } else { Side::Right };
    Some(match lang {
        Lang::Zh => format!("{}{}轮端", axle_name(axle, lang), side_word(side, lang)),
        Lang::En => format!(
            "{}, {} wheel end",
            axle_name(axle, lang),
            side_word(side, lang)
        ),
    })
}

/// What an alarm's `position` names, by its kind: the wheel (tyre kinds), the wheel end (hub
/// high temperature), the axle (hub temperature difference, judged at its left end); None for
/// the vehicle (0) and a geofence (whose `position` is the fence's id).
pub fn alarm_position_name(
    alarm_kind: i16,
    position: i32,
    wheels_per_axle: Option<&[u8]>,
    lang: Lang,
) -> Option<String> {
    match alarm_kind {
        kind::GEOFENCE => None,
        kind::AXLE_HIGH_TEMP => wheel_end_name(position, lang),
        kind::AXLE_TEMP_DIFFERENCE => axle_wheel(position).map(|(a, _)| axle_name(a, lang)),
        _ => wheel_name(position, wheels_per_axle, lang),
    }
}

/// The wheels per axle that a vehicle's wheel positions make (its wheel rows are made from its
/// layout): for each axle up to the last, its highest wheel number.
pub fn per_axle_of(positions: impl IntoIterator<Item = i32>) -> Vec<u8> {
    let mut axles: Vec<u8> = Vec::new();
    for (axle, wheel) in positions.into_iter().filter_map(axle_wheel) {
        let (Ok(i), Ok(w)) = (usize::try_from(axle - 1), u8::try_from(wheel)) else {
            continue;
        };
        if axles.len() <= i {
            axles.resize(i + 1, 0);
        }
        axles[i] = axles[i].max(w);
    }
    axles
}

/// The wheels per axle of these vehicles (one query); a vehicle with an unreadable layout is
/// left out, and its positions are named by number.
pub async fn wheels_per_axle(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, Vec<u8>>, AppError> {
    Ok(
        super::history::vehicle_texts(db, ids, vehicle::Column::AxleLayout)
            .await?
            .into_iter()
            .filter_map(|(id, layout)| Some((id, parse_layout(&layout).ok()?)))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn axle(n: u8, lang: Lang) -> Vec<String> {
        (1..=i32::from(n))
            .map(|w| wheel_name(20 + w, Some(&[2, n]), lang).unwrap())
            .collect()
    }

    #[test]
    fn two_four_and_six_wheel_axles_in_both_languages() {
        assert_eq!(axle(2, Lang::En), ["Axle 2, left", "Axle 2, right"]);
        assert_eq!(axle(2, Lang::Zh), ["第2轴左轮", "第2轴右轮"]);
        assert_eq!(
            axle(4, Lang::En),
            [
                "Axle 2, left outer",
                "Axle 2, left inner",
                "Axle 2, right inner",
                "Axle 2, right outer"
            ]
        );
        assert_eq!(
            axle(4, Lang::Zh),
            ["第2轴左外", "第2轴左内", "第2轴右内", "第2轴右外"]
        );
        assert_eq!(
            axle(6, Lang::Zh),
            [
                "第2轴左外",
                "第2轴左中",
                "第2轴左内",
                "第2轴右内",
                "第2轴右中",
                "第2轴右外"
            ]
        );
        assert_eq!(axle(6, Lang::En)[4], "Axle 2, right middle");
    }

    #[test]
    fn eight_wheel_axles_number_their_middle_wheels_from_the_outside() {
        assert_eq!(
            axle(8, Lang::Zh),
            [
                "第2轴左外",
                "第2轴左中1",
                "第2轴左中2",
                "第2轴左内",
                "第2轴右内",
                "第2轴右中2",
                "第2轴右中1",
                "第2轴右外"
            ]
        );
        assert_eq!(axle(8, Lang::En)[1], "Axle 2, left middle 1");
    }

    #[test]
    fn wheels_per_axle_from_the_positions_a_layout_made() {
        assert_eq!(per_axle_of([24, 11, 21, 12, 22, 23]), [2, 4]);
        assert_eq!(
            per_axle_of([31, 32]),
            [0, 0, 2],
            "an axle without wheels is 0"
        );
        assert_eq!(per_axle_of([0, 5]), Vec::<u8>::new());
    }

    #[test]
    fn order_positions_are_named_and_other_texts_kept() {
        assert_eq!(
            order_wheel_name("2-4", Some(&[2, 4]), Lang::En),
            "Axle 2, right outer"
        );
        assert_eq!(order_wheel_name(" 1-2 ", None, Lang::Zh), "第1轴 第2轮");
        for kept in ["spare", "0-1", "12-1", "2-", "2-4-1"] {
            assert_eq!(order_wheel_name(kept, Some(&[2, 4]), Lang::En), kept);
        }
    }

    #[test]
    fn odd_steer_axles_have_a_centre_wheel() {
        assert_eq!(
            wheel_name(11, Some(&[1]), Lang::En).unwrap(),
            "Axle 1, centre"
        );
        assert_eq!(wheel_name(12, Some(&[3]), Lang::Zh).unwrap(), "第1轴中轮");
        assert_eq!(wheel_name(13, Some(&[3]), Lang::Zh).unwrap(), "第1轴右轮");
        assert_eq!(
            wheel_name(14, Some(&[5]), Lang::En).unwrap(),
            "Axle 1, right inner"
        );
    }

    #[test]
    fn every_allowed_layout_names_each_wheel_once() {
        for n in 1..=8u8 {
            for lang in [Lang::Zh, Lang::En] {
                let names: BTreeSet<String> = (1..=i32::from(n))
                    .map(|w| wheel_name(10 + w, Some(&[n]), lang).unwrap())
                    .collect();
                assert_eq!(names.len(), usize::from(n), "{n} wheels: {names:?}");
            }
        }
    }

    #[test]
    fn unknown_layouts_and_wheels_off_the_axle_are_named_by_number() {
        assert_eq!(wheel_name(23, None, Lang::En).unwrap(), "Axle 2, wheel 3");
        assert_eq!(wheel_name(23, None, Lang::Zh).unwrap(), "第2轴 第3轮");
        assert_eq!(
            wheel_name(41, Some(&[2, 4, 4]), Lang::En).unwrap(),
            "Axle 4, wheel 1"
        );
        assert_eq!(
            wheel_name(25, Some(&[2, 4]), Lang::Zh).unwrap(),
            "第2轴 第5轮"
        );
        for not_a_wheel in [0, 7, 20, -12] {
            assert_eq!(wheel_name(not_a_wheel, Some(&[2, 4]), Lang::En), None);
        }
    }

    #[test]
    fn alarms_name_wheels_wheel_ends_or_axles_by_kind() {
        let layout: &[u8] = &[2, 4];
        let name = |k, p, lang| alarm_position_name(k, p, Some(layout), lang);
        assert_eq!(name(kind::LOW_PRESSURE, 24, Lang::Zh).unwrap(), "第2轴右外");
        assert_eq!(
            name(kind::AXLE_HIGH_TEMP, 22, Lang::Zh).unwrap(),
            "第2轴右轮端"
        );
        assert_eq!(
            name(kind::AXLE_HIGH_TEMP, 21, Lang::En).unwrap(),
            "Axle 2, left wheel end"
        );
        assert_eq!(
            name(kind::AXLE_TEMP_DIFFERENCE, 21, Lang::En).unwrap(),
            "Axle 2"
        );
        assert_eq!(name(kind::GEOFENCE, 12, Lang::En), None);
        assert_eq!(name(kind::DEVICE_OFFLINE, 0, Lang::En), None);
    }
}

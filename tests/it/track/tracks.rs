//! Day tracks, analyses read from fragments (equal to the raw computation), background runs
//! with progress and cancel, uploads.

use super::*;

fn day(n: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, n).unwrap()
}

#[tokio::test]
async fn a_day_track_has_its_stops_speeding_and_alarm_points() {
    let (app, t, v) = fleet().await;
    let a = &t.a.admin;
    let written = drive(&app, v, day(10)).await;
    let t0 = Utc.with_ymd_and_hms(2026, 11, 10, 8, 12, 0).unwrap();
    domain::vehicle::alarms::raise(
        &app.state.db,
        &domain::vehicle::alarms::Raise {
            enterprise_id: t.a.root,
            vehicle_id: v,
            position: 11,
            kind: 2,
            level: 2,
            value: Some(6.0),
            threshold: Some(7.0),
            at: t0,
            maybe_open: true,
        },
    )
    .await
    .unwrap();

    let track = app
        .api_web_track_day(
            &json!({"vehicleId": v, "day": "2026-11-10", "tolerance": 0}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(
        (
            track["total"].clone(),
            track["points"].as_array().unwrap().len()
        ),
        (json!(written), written)
    );
    let km = track["meters"].as_f64().unwrap() / 1000.0;
    assert!(
        (km - 17.5).abs() < 0.1,
        "19 half-minute legs at 60 km/h and 8 at 120: {km}"
    );
    assert_eq!(track["speeding"].as_array().unwrap().len(), 1, "{track}");
    assert_eq!(track["speeding"][0]["maxSpeed"], 120.0);
    assert_eq!(track["stops"].as_array().unwrap().len(), 1);
    assert_eq!(track["alarms"][0]["kind"], 2);
    assert_eq!(track["alarms"][0]["startedAt"], "2026-11-10T08:12:00Z");

    // Simplified for a zoomed-out map: a straight drive keeps its ends and the stop's start.
    let coarse = app
        .api_web_track_day(
            &json!({"vehicleId": v, "day": "2026-11-10", "tolerance": 50}),
            Some(a),
        )
        .await
        .ok();
    let n = coarse["points"].as_array().unwrap().len();
    assert!((2..10).contains(&n), "{n}");
    assert_eq!(coarse["total"], written);
    // A higher limit: no speeding.
    let lenient = app
        .api_web_track_day(
            &json!({"vehicleId": v, "day": "2026-11-10", "speedLimit": 130}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(lenient["speeding"], json!([]));
    // A day without reports is empty, not an error.
    let empty = app
        .api_web_track_day(&json!({"vehicleId": v, "day": "2026-11-09"}), Some(a))
        .await
        .ok();
    assert_eq!(
        (empty["total"].clone(), empty["points"].clone()),
        (json!(0), json!([]))
    );

    for (body, field) in [
        (json!({"vehicleId": v, "day": "10/11/2026"}), "day"),
        (
            json!({"vehicleId": v, "day": "2026-11-10", "tolerance": -5}),
            "tolerance",
        ),
        (
            json!({"vehicleId": v, "day": "2026-11-10", "speedLimit": 0}),
            "speedLimit",
        ),
    ] {
        let msg = app.api_web_track_day(&body, Some(a)).await.code(7);
        assert!(msg.contains(field), "{body}: {msg}");
    }
    let msg = app
        .api_web_track_day(
            &json!({"vehicleId": v, "day": "2026-11-10"}),
            Some(&t.b.admin),
        )
        .await
        .code(7);
    assert!(msg.contains(&v.to_string()), "tree B: {msg}");
}

#[tokio::test]
async fn an_analysis_reads_fragments_equal_to_the_raw_days() {
    let (app, t, v) = fleet().await;
    let a = &t.a.admin;
    for n in [10, 11, 13] {
        drive(&app, v, day(n)).await;
    }
    let range = json!({"vehicleId": v, "start": "2026-11-10", "end": "2026-11-13"});
    let first = app.api_web_track_analyse(&range, Some(a)).await.ok();
    assert_eq!(
        (first["done"].clone(), first["jobId"].clone()),
        (json!(true), Value::Null)
    );
    let days = first["days"].as_array().unwrap();
    assert_eq!(days.len(), 4);
    assert_eq!(days[2]["total"], 0, "the 12th had no reports");
    for d in days {
        let raw = app
            .api_web_track_day(
                &json!({"vehicleId": v, "day": d["day"], "tolerance": 0}),
                Some(a),
            )
            .await
            .ok();
        assert_eq!(d["total"], raw["total"]);
        assert!((d["meters"].as_f64().unwrap() - raw["meters"].as_f64().unwrap()).abs() < 1e-6);
        assert_eq!(d["movingSeconds"], raw["movingSeconds"]);
    }
    let stored = entities::track_fragment::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(stored.len(), 4, "finished days are stored, empty ones too");
    // Read again: the same answer, from the stored fragments.
    assert_eq!(app.api_web_track_analyse(&range, Some(a)).await.ok(), first);
    let total = first["meters"].as_f64().unwrap();
    assert!((total / 1000.0 - 3.0 * 17.5).abs() < 0.1, "{total}");

    // A late report for the 11th drops its fragment; the next read counts it.
    let late = entities::position::Model {
        vehicle_id: v,
        ts: Utc.with_ymd_and_hms(2026, 11, 11, 23, 0, 0).unwrap(),
        lat: 31.0,
        lon: 120.0,
        speed: 0.0,
        direction: 0,
        ignition: false,
        mileage: None,
        voltage: None,
    };
    history::record_positions(&app.state.db, &[late])
        .await
        .unwrap();
    domain::track::fragments::forget(&app.state.db, &[(v, day(11))])
        .await
        .unwrap();
    let again = app.api_web_track_analyse(&range, Some(a)).await.ok();
    assert_eq!(again["days"][1]["total"], 49);

    for (body, field) in [
        (json!({"vehicleId": v}), "start"),
        (
            json!({"start": "2026-11-10", "end": "2026-11-13"}),
            "vehicleId",
        ),
        (
            json!({"vehicleId": v, "start": "2026-11-13", "end": "2026-11-10"}),
            "结束日期",
        ),
        (
            json!({"vehicleId": v, "start": "2025-01-01", "end": "2026-11-10"}),
            "366",
        ),
    ] {
        let msg = app.api_web_track_analyse(&body, Some(a)).await.code(7);
        assert!(msg.contains(field), "{body}: {msg}");
    }
    app.api_web_track_analyse(&range, Some(&t.b.admin))
        .await
        .code(7);
}

/// Polls the generation log until run `id` is no longer running.
async fn finished_run(app: &TestApp, token: &str, id: i64) -> Value {
    for _ in 0..200 {
        let runs = app
            .api_xtrack_re_build_fragment(&json!({"runs": true, "pageSize": 50}), Some(token))
            .await
            .ok();
        let run = rows(&runs).iter().find(|r| r["id"] == id).cloned().unwrap();
        if run["state"] != 1 {
            return run;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("run {id} did not finish");
}

#[tokio::test]
async fn long_ranges_and_rebuilds_run_in_the_background() {
    let (app, t, v) = fleet().await;
    let a = &t.a.admin;
    for n in 1..=20 {
        drive(&app, v, day(n)).await;
    }
    let analysis = app
        .api_web_track_analyse(
            &json!({"vehicleId": v, "start": "2026-11-01", "end": "2026-11-20"}),
            Some(a),
        )
        .await
        .ok();
    let job = analysis["jobId"]
        .as_i64()
        .expect("twenty days to build: a background run");
    let run = finished_run(&app, a, job).await;
    assert_eq!(
        (
            run["state"].clone(),
            run["built"].clone(),
            run["days"].clone()
        ),
        (json!(2), json!(20), json!(20))
    );
    let done = app
        .api_web_track_analyse(&json!({"jobId": job}), Some(a))
        .await
        .ok();
    assert_eq!(
        (done["done"].clone(), done["days"].as_array().unwrap().len()),
        (json!(true), 20)
    );
    // Cancelling a finished run changes nothing; B does not see it.
    let cancelled = app
        .api_web_track_analyse(&json!({"jobId": job, "cancel": true}), Some(a))
        .await
        .ok();
    assert_eq!(cancelled["job"]["state"], 2);
    app.api_web_track_analyse(&json!({"jobId": job}), Some(&t.b.admin))
        .await
        .code(7);

    // A rebuild of every vehicle in scope over those days.
    let started = app
        .api_xtrack_re_build_fragment(
            &json!({"start": "2026-11-01", "end": "2026-11-20"}),
            Some(a),
        )
        .await
        .ok();
    let run = finished_run(&app, a, started["id"].as_i64().unwrap()).await;
    assert_eq!(
        (
            run["vehicles"].clone(),
            run["built"].clone(),
            run["state"].clone()
        ),
        (json!(1), json!(20), json!(2))
    );
    let log = app
        .api_xtrack_re_build_fragment(&json!({"runs": true}), Some(a))
        .await
        .ok();
    assert_eq!(log["total"], 2);
    assert_eq!(
        app.api_xtrack_re_build_fragment(&json!({"runs": true}), Some(&t.b.admin))
            .await
            .ok()["total"],
        0
    );
    let msg = app
        .api_xtrack_re_build_fragment(&json!({"vehicleId": v}), Some(a))
        .await
        .code(7);
    assert!(msg.contains("start"), "{msg}");
    app.api_xtrack_re_build_fragment(
        &json!({"vehicleId": v, "start": "2026-11-01", "end": "2026-11-02"}),
        Some(&t.b.admin),
    )
    .await
    .code(7);
}

#[tokio::test]
async fn uploads_keep_good_points_and_report_bad_rows() {
    let (app, t, v) = fleet().await;
    let a = &t.a.admin;
    let send = |name: &str, body: &[u8], extra: &[(&str, String)], token: &str| {
        let mut form = reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(body.to_vec()).file_name(name.to_owned()),
        );
        for (k, val) in extra {
            form = form.text(k.to_string(), val.clone());
        }
        app.send(
            app.client
                .post(app.url("/api/web/amap/track_upload"))
                .header("x-token", token.to_owned())
                .multipart(form),
        )
    };
    let csv = b"lon,lat,time\n116.30,39.90,2026-11-20T08:00:00Z\n116.31,abc,x\n116.32,39.92,2026-11-20T08:02:00Z\n";
    let ok = send("day.csv", csv, &[("vehicleId", v.to_string())], a)
        .await
        .ok();
    assert_eq!(
        (ok["points"].clone(), ok["errorCount"].clone()),
        (json!(2), json!(1))
    );
    assert_eq!(ok["errors"][0]["row"], 3);
    assert_eq!(ok["format"], "csv");

    let gpx = br#"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
<trkpt lat="39.9" lon="116.3"/><trkpt lat="39.91" lon="116.31"/><trkpt lat="39.92" lon="116.32"/></trkseg></trk></gpx>"#;
    let as_gcj = send("t.gpx", gpx, &[("coord", "gcj02".into())], a)
        .await
        .ok();
    assert_eq!(as_gcj["points"], 3);
    let stored = entities::track_upload::Entity::find_by_id(as_gcj["id"].as_i64().unwrap())
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    let first: Vec<Value> = serde_json::from_str(&stored.line).unwrap();
    let lon = first[0][0].as_f64().unwrap();
    assert!(
        (116.3 - lon) > 0.004 && (116.3 - lon) < 0.008,
        "converted to WGS-84: {lon}"
    );

    let before = fingerprint(&app.state.db).await;
    for (name, body, field) in [
        ("bad.gpx", b"<gpx><trk><trkseg><trkpt lat=".to_vec(), "file"),
        ("one.csv", b"lon,lat\n116.3,39.9\n".to_vec(), "file"),
        ("cols.csv", b"x,y\n1,2\n3,4\n".to_vec(), "file"),
        ("photo.png", vec![0x89, b'P', b'N', b'G'], "file"),
    ] {
        let msg = send(name, &body, &[], a).await.code(7);
        assert!(msg.contains(field), "{name}: {msg}");
    }
    let msg = send("day.csv", csv, &[("coord", "bd09".into())], a)
        .await
        .code(7);
    assert!(msg.contains("coord"), "{msg}");
    send("day.csv", csv, &[("vehicleId", v.to_string())], &t.b.admin)
        .await
        .code(7);
    assert_eq!(fingerprint(&app.state.db).await, before, "nothing stored");
}

//! Order discussions: members, notes with mentions, unread counts and read marks, mutes, the
//! live frames reaching connected members (and nobody else), and the signed discussion link
//! (valid, tampered, expired, another order), across enterprises.

use std::time::Duration;

use reqwest::StatusCode;

use super::{fleet, open};
use wheelend_tests::tenants::rows;
use wheelend_tests::ws::{next_of, none_of, signed_in};
use wheelend_tests::{json, spawn_app};

const QUIET: Duration = Duration::from_millis(600);

#[tokio::test]
async fn notes_and_state_changes_reach_connected_members_only() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let order = open(&app, &f.t.a.member, f.a1, Some(f.tech_id)).await;
    let id = order["id"].as_i64().unwrap();
    let mut tech = signed_in(&app, &f.tech).await;
    let mut author = signed_in(&app, &f.t.a.member).await;
    let mut admin = signed_in(&app, &f.t.a.admin).await;
    let mut other = signed_in(&app, &f.other).await;
    let mut stranger = signed_in(&app, &f.t.b.admin).await;

    // Mentions name members of an enterprise the scope sees.
    let msg = app
        .api_work_save_log(
            &json!({"orderId": id, "content": "hi", "mentions": [f.t.b.admin_id]}),
            Some(&f.t.a.member),
        )
        .await
        .code(7);
    assert!(msg.contains("mentions"), "{msg}");
    let note = app
        .api_work_save_log(
            &json!({"orderId": id, "content": "Tyre is flat again", "mentions": [f.tech_id]}),
            Some(&f.t.a.member),
        )
        .await
        .ok();
    assert_eq!(note["data"]["mentions"], json!([f.tech_id]));
    for socket in [&mut tech, &mut admin] {
        let frame = next_of(socket, "work.message").await;
        assert_eq!(frame["orderId"], id);
        assert_eq!(frame["message"]["id"], note["id"]);
        assert_eq!(frame["message"]["content"], "Tyre is flat again");
        assert_eq!(frame["message"]["mentions"], json!([f.tech_id]));
        assert_eq!(frame["message"]["mine"], false);
    }
    none_of(&mut author, "work.message", QUIET).await;
    none_of(&mut other, "work.message", QUIET).await;
    none_of(&mut stranger, "work.message", QUIET).await;

    // A state change reaches every member, the one who made it too.
    app.api_work_set_state(&json!({"id": id, "state": 101}), Some(&f.tech))
        .await
        .ok();
    for socket in [&mut author, &mut admin, &mut tech] {
        let frame = next_of(socket, "work.order").await;
        assert_eq!(frame["orderId"], id);
        assert_eq!(frame["state"], 101);
    }
    none_of(&mut other, "work.order", QUIET).await;
    none_of(&mut stranger, "work.order", QUIET).await;
    // Moving on the flow is a state change too.
    app.api_work_save_flow(&json!({"orderId": id, "nodeId": -102}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(next_of(&mut author, "work.order").await["state"], 102);
}

#[tokio::test]
async fn discussions_list_count_mark_read_and_mute() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let first = open(&app, &f.t.a.member, f.a1, Some(f.tech_id)).await;
    let second = open(&app, &f.t.a.member, f.a2, None).await;
    let (id, id2) = (
        first["id"].as_i64().unwrap(),
        second["id"].as_i64().unwrap(),
    );
    let mut notes = Vec::new();
    for text in ["one", "two", "three"] {
        let n = app
            .api_work_save_log(
                &json!({"orderId": id, "content": text}),
                Some(&f.t.a.member),
            )
            .await
            .ok();
        notes.push(n["id"].as_i64().unwrap());
    }

    // The assignee is in the first discussion (not the second), with three unread notes.
    let list = app
        .api_work_discuss_list(&json!({}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(list["total"], 1);
    let row = &list["list"][0];
    assert_eq!(row["orderId"], id);
    assert_eq!(row["messages"], 3);
    assert_eq!(row["unread"], 3);
    assert_eq!(row["lastMessage"]["content"], "three");
    assert_eq!(row["muted"], false);
    let count = app
        .api_work_message_count(&json!({}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(count["unread"], 3);
    assert_eq!(count["discussions"], json!([{"orderId": id, "unread": 3}]));
    // The requester wrote them: nothing unread for her; she is in both discussions, the one
    // with notes first.
    let mine = app
        .api_work_discuss_list(&json!({}), Some(&f.t.a.member))
        .await
        .ok();
    let order_ids: Vec<i64> = rows(&mine)
        .iter()
        .map(|r| r["orderId"].as_i64().unwrap())
        .collect();
    assert_eq!(order_ids, [id, id2]);
    assert_eq!(mine["list"][0]["unread"], 0);
    let second_page = app
        .api_work_discuss_list(&json!({"page": 2, "pageSize": 1}), Some(&f.t.a.member))
        .await
        .ok();
    assert_eq!(second_page["total"], 2);
    assert_eq!(second_page["list"][0]["orderId"], id2);
    assert_eq!(second_page["list"][0]["messages"], 0);
    // Someone else of the enterprise is in none; the administrator is in both.
    let none = app
        .api_work_discuss_list(&json!({}), Some(&f.other))
        .await
        .ok();
    assert_eq!(none["total"], 0);
    let all = app
        .api_work_discuss_list(&json!({"unread": true}), Some(&f.t.a.admin))
        .await
        .ok();
    assert_eq!(all["total"], 1);
    let by_number = app
        .api_work_discuss_list(&json!({"keyword": second["number"]}), Some(&f.t.a.admin))
        .await
        .ok();
    // Numbers are counted per enterprise: the first order (another enterprise) may share it.
    assert!(
        rows(&by_number)
            .iter()
            .all(|r| r["number"] == second["number"])
    );
    assert!(rows(&by_number).iter().any(|r| r["orderId"] == id2));

    // Messages: newest `limit` before `beforeId`, oldest first; reading marks them read.
    let page = app
        .api_work_message_list(&json!({"orderId": id, "limit": 2}), Some(&f.tech))
        .await
        .ok();
    let got: Vec<i64> = rows(&page)
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert_eq!(got, notes[1..]);
    assert_eq!(page["hasMore"], true);
    assert_eq!(page["list"][0]["mine"], false);
    assert_eq!(page["list"][0]["authorId"], f.t.a.member_id);
    let count = app
        .api_work_message_count(&json!({}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(count["unread"], 0);
    let older = app
        .api_work_message_list(&json!({"orderId": id, "beforeId": notes[1]}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(older["list"][0]["id"], notes[0]);
    assert_eq!(older["hasMore"], false);
    // Reading older notes does not move the mark back.
    app.api_work_save_log(
        &json!({"orderId": id, "content": "four"}),
        Some(&f.t.a.member),
    )
    .await
    .ok();
    let count = app
        .api_work_message_count(&json!({}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(count["unread"], 1);
    for limit in [0, 101] {
        let msg = app
            .api_work_message_list(&json!({"orderId": id, "limit": limit}), Some(&f.tech))
            .await
            .code(7);
        assert!(msg.contains("limit"), "{msg}");
    }

    // Muting leaves the discussion out of the counts, not out of the list.
    let muted = app
        .api_work_shield(&json!({"orderId": id, "muted": true}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(muted, json!({"orderId": id, "muted": true}));
    let count = app
        .api_work_message_count(&json!({}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(count["unread"], 0);
    let list = app
        .api_work_discuss_list(&json!({}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(list["list"][0]["muted"], true);
    assert_eq!(list["list"][0]["unread"], 1);
    app.api_work_shield(&json!({"orderId": id, "muted": false}), Some(&f.tech))
        .await
        .ok();
    let count = app
        .api_work_message_count(&json!({}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(count["unread"], 1);

    // Another enterprise reaches none of it.
    let b = &f.t.b.admin;
    for answer in [
        app.api_work_message_list(&json!({"orderId": id}), Some(b))
            .await,
        app.api_work_shield(&json!({"orderId": id, "muted": true}), Some(b))
            .await,
    ] {
        let msg = answer.code(7);
        assert!(msg.contains("不存在"), "{msg}");
    }
    let theirs = app.api_work_discuss_list(&json!({}), Some(b)).await.ok();
    assert_eq!(theirs["total"], 0);
    let count = app.api_work_message_count(&json!({}), Some(b)).await.ok();
    assert_eq!(count["unread"], 0);
}

#[tokio::test]
async fn a_discussion_link_shows_that_discussion_only() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let first = open(&app, &f.t.a.member, f.a1, Some(f.tech_id)).await;
    let second = open(&app, &f.t.a.member, f.a2, None).await;
    let id = first["id"].as_i64().unwrap();
    app.api_work_save_log(
        &json!({"orderId": id, "content": "Photo attached"}),
        Some(&f.tech),
    )
    .await
    .ok();
    app.api_work_save_log(
        &json!({"orderId": second["id"], "content": "Elsewhere"}),
        Some(&f.tech),
    )
    .await
    .ok();
    let page = app
        .api_work_message_list(&json!({"orderId": id}), Some(&f.t.a.member))
        .await
        .ok();
    let url = page["shareUrl"].as_str().unwrap();
    let token = url.strip_prefix("/df/").expect("a /df/ link");

    // Anyone holding it reads that discussion, without ids of people or phone numbers.
    let shared = app
        .api_work_discussion_share(&json!({"token": token}), None)
        .await
        .ok();
    assert_eq!(shared["number"], first["number"]);
    assert_eq!(shared["state"], 100);
    assert_eq!(shared["messages"].as_array().unwrap().len(), 1);
    assert_eq!(shared["messages"][0]["content"], "Photo attached");
    assert_eq!(shared["messages"][0]["authorName"], "zza_tech");
    let text = shared.to_string();
    for secret in ["authorId", "userId", "13700000011", "phone", "mentions"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }

    // Tampered, expired, for another purpose, a session token: refused.
    let mut tampered = token.to_owned();
    let last = tampered.pop().unwrap();
    tampered.push(if last == 'A' { 'B' } else { 'A' });
    let expired = app.state.tokens.sign_link("work.discussion", id, -10).0;
    let other_purpose = app.state.tokens.sign_link("upload", id, 600).0;
    for (bad, why) in [
        (tampered.as_str(), "无效"),
        (expired.as_str(), "过期"),
        (other_purpose.as_str(), "无效"),
        (f.t.a.member.as_str(), "无效"),
        ("", "无效"),
    ] {
        let msg = app
            .api_work_discussion_share(&json!({"token": bad}), None)
            .await
            .code(7);
        assert!(msg.contains(why), "{why}: {msg}");
    }
    // The page of the link, rendered on the server from the same call; a bad link is a 404.
    let doc = app.page(url, "localhost", Some("en")).await;
    assert_eq!(doc.status, StatusCode::OK, "{}", doc.text);
    assert!(doc.text.contains("Photo attached"), "{}", doc.text);
    assert!(doc.text.contains(first["number"].as_str().unwrap()));
    assert!(doc.text.contains("noindex"), "never indexed");
    let gone = app
        .page(&format!("/df/{tampered}"), "localhost", Some("en"))
        .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert!(
        gone.text.contains("The discussion link is not valid"),
        "{}",
        gone.text
    );
    // A link names one order: the other order's link shows the other discussion.
    let page2 = app
        .api_work_message_list(&json!({"orderId": second["id"]}), Some(&f.t.a.member))
        .await
        .ok();
    let token2 = page2["shareUrl"]
        .as_str()
        .unwrap()
        .trim_start_matches("/df/");
    assert_ne!(token2, token);
    let shared2 = app
        .api_work_discussion_share(&json!({"token": token2}), None)
        .await
        .ok();
    assert_eq!(shared2["number"], second["number"]);
    assert_eq!(shared2["messages"][0]["content"], "Elsewhere");
}

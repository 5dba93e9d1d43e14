//! `prunescope exercise make|key|grade` (issue 28 §3, docs/cli.md): the page's link for a seed
//! and parameters and for a teacher's tree, the answer key with paths and accepted forms, the
//! grading of answer files (CSV per student and question, totals), and bad input named by file,
//! node and field while the other files are still graded.

mod common;
use common::{TempDir, prunescope};

const RN: &str = "((3 12 8) (2 4 6) (14 5 2))";

#[test]
fn make_prints_the_tree_and_the_page_s_link() {
    let (code, out, err) = prunescope(&[
        "exercise", "make", "--seed", "42", "--b", "2-3", "--d", "3", "--cutoff", "strict",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("tree: ("), "{out}");
    assert_eq!(
        lines[1],
        "link: #v=2&mode=exercise&seed=42&b=2-3&d=3&values=0..9&order=random&root=max&cutoff=strict"
    );
    // the tree is the core's generator's (tests/teach.rs pins it)
    let p = prunescope::teach::ExerciseParams {
        seed: 42,
        cutoff: prunescope::search::config::Cutoff::Strict,
        ..Default::default()
    };
    assert_eq!(
        lines[0],
        format!("tree: {}", prunescope::teach::generate(&p).unwrap())
    );
    // --base writes the whole link; the link read back is the same exercise
    let (code, out, _) = prunescope(&[
        "exercise",
        "make",
        "--seed",
        "7",
        "--values=-3..5",
        "--root",
        "min",
        "--windows",
        "--base",
        "https://example.org/ps/index.html#old",
    ]);
    assert_eq!(code, 0);
    let link = out
        .lines()
        .nth(1)
        .unwrap()
        .strip_prefix("link: ")
        .unwrap()
        .to_string();
    assert_eq!(
        link,
        "https://example.org/ps/index.html#v=2&mode=exercise&seed=7&b=2-3&d=3&values=-3..5&order=random&root=min&windows=1"
    );
    let (code, again, _) = prunescope(&["exercise", "make", "--link", &link]);
    assert_eq!(code, 0);
    assert_eq!(again.lines().next(), out.lines().next());
    // a teacher's tree: its canonical text, under the link key `tree`
    let (code, out, _) = prunescope(&["exercise", "make", "--tree", RN]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "tree: {RN}\nlink: #v=2&mode=exercise&tree=%28%283+12+8%29+%282+4+6%29+%2814+5+2%29%29\n"
        )
    );
}

#[test]
fn the_key_has_paths_grader_answers_and_accepted_forms() {
    let (code, csv, err) = prunescope(&["exercise", "key", "--tree", RN]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows[0],
        "node,path,player,leaf,branch,value,accepted,window"
    );
    assert_eq!(rows.len(), 14);
    assert_eq!(rows[1], "0,,MAX,,,3,3; = 3,");
    // the second MIN node stopped after its first leaf: a bound; its last two are pruned
    assert_eq!(rows[6], "5,1,MIN,,searched,≤ 2,≤ 2; <= 2; at most 2,");
    assert_eq!(rows[8], "7,1.1,MAX,4,pruned,,,");
    // (14 5 2) searched every leaf: exact, stated 2, the trace's ≤ 2 taken too
    assert_eq!(
        rows[10],
        "9,2,MIN,,searched,2,2; = 2; ≤ 2; <= 2; at most 2,"
    );
    let (code, json, _) = prunescope(&[
        "exercise",
        "key",
        "--tree",
        RN,
        "--windows",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(j["value"], "3");
    assert_eq!(j["nodes"][9]["value"], "2");
    assert_eq!(j["nodes"][9]["path"], "2");
    assert_eq!(j["nodes"][5]["window"], "(3, +inf)");
    assert_eq!(j["nodes"][7]["branch"], "pruned");
    assert!(j["link"].as_str().unwrap().ends_with("&windows=1"));
}

#[test]
fn grade_writes_a_row_per_student_and_question_and_a_total() {
    let dir = TempDir::new("grade");
    let ada = dir.path("ada.json");
    let bob = dir.path("bob.json");
    let eve = dir.path("eve.json");
    // ada: all right, in the textbooks' forms; bob: "< 2" and a missed prune
    std::fs::write(
        &ada,
        r#"{"pruned": [7, 8], "values": [[0, 3], [1, "= 3"], [5, "at most 2"], [9, "2"]]}"#,
    )
    .unwrap();
    std::fs::write(
        &bob,
        r#"{"pruned": [7], "values": [[0, "3"], [1, "3"], [5, "< 2"], [9, "<= 2"]]}"#,
    )
    .unwrap();
    // eve: a value for a leaf, which the exercise does not ask
    std::fs::write(&eve, r#"{"values": [[0, "3"], [2, "12"]]}"#).unwrap();
    let files = [
        ada.to_str().unwrap(),
        eve.to_str().unwrap(),
        bob.to_str().unwrap(),
    ];
    let mut args = vec!["exercise", "grade", "--tree", RN];
    args.extend(files);
    let (code, out, err) = prunescope(&args);
    assert_eq!(code, 1, "a bad file makes the status 1");
    assert!(
        err.contains("eve.json: values[1] (node 2): this exercise asks no value at this node"),
        "{err}"
    );
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows[0], "student,node,path,kind,given,expected,right,asked");
    // 12 branches under the three searched inner nodes and the root + 4 values
    let ada_rows: Vec<&&str> = rows.iter().filter(|r| r.starts_with("ada,")).collect();
    assert_eq!(ada_rows.len(), 12 + 4 + 1);
    assert_eq!(*ada_rows.last().unwrap(), &"ada,total,,,,,16,16");
    assert!(rows.contains(&"ada,9,2,value,2,2,1,1"));
    assert!(rows.contains(&"bob,5,1,value,< 2,≤ 2,0,1"));
    assert!(rows.contains(&"bob,8,1.2,pruned,searched,pruned,0,1"));
    assert!(rows.contains(&"bob,9,2,value,<= 2,2,1,1"));
    assert!(rows.contains(&"bob,total,,,,,14,16"));
    assert!(!out.contains("eve,"));
}

#[test]
fn bad_input_is_named() {
    let dir = TempDir::new("bad");
    let cases: [(&str, &str); 6] = [
        ("{", "(file): not JSON"),
        (r#"{"value": []}"#, "value: unknown field"),
        (
            r#"{"pruned": [0]}"#,
            "pruned[0] (node 0): this exercise asks about no branch",
        ),
        (
            r#"{"pruned": [99]}"#,
            "pruned[0]: 99 is not a node of this exercise (0 to 12)",
        ),
        (
            r#"{"values": [[1]]}"#,
            "values[0]: expected [node, \"answer\"]",
        ),
        (
            r#"{"windows": [[1, ["-inf"]]]}"#,
            "windows[0] (node 1): this exercise asks no window at this node",
        ),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let f = dir.path(&format!("s{i}.json"));
        std::fs::write(&f, text).unwrap();
        let (code, out, err) =
            prunescope(&["exercise", "grade", "--tree", RN, f.to_str().unwrap()]);
        assert_eq!(code, 1, "{text}");
        assert!(err.contains(&format!("s{i}.json: {want}")), "{text}: {err}");
        assert_eq!(out.lines().count(), 1, "only the header: {out}");
    }
    let missing = dir.path("missing.json");
    let (code, _, err) = prunescope(&[
        "exercise",
        "grade",
        "--seed",
        "1",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("missing.json: (file):"), "{err}");
    // the source: the page's words, naming the key
    for (args, want) in [
        (
            vec!["exercise", "make", "--seed", "1", "--b", "x"],
            "exercise parameter b:",
        ),
        (vec!["exercise", "make"], "exercise parameter seed: missing"),
        (
            vec!["exercise", "make", "--seed", "1", "--d", "9"],
            "exercise parameter depth:",
        ),
        (
            vec!["exercise", "make", "--tree", RN, "--seed", "3"],
            "exercise parameter seed: a tree exercise",
        ),
        (
            vec!["exercise", "make", "--tree", "((1 2)"],
            "exercise parameter tree:",
        ),
        (
            vec![
                "exercise",
                "make",
                "--link",
                "#v=2&mode=exercise&seed=1&zz=1",
            ],
            "exercise parameter zz: unknown",
        ),
        (
            vec!["exercise", "key", "--seed", "1", "--algo", "star1"],
            "exercise parameter algo:",
        ),
    ] {
        let (code, out, err) = prunescope(&args);
        assert_eq!(code, 1, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

"""The observation carries the printed faces of the cards it names (faces.py), so a drawing
can show a card's name, numbers and effect; never the face of a card the seat cannot see."""

from credo.games import load


def opening(seed: int = 3):
    game = load("dogma")
    s = game.new(seed, mode="predestination")
    s.apply("deploy 1", 0)
    s.apply("deploy 1", 1)
    return game, s


def test_a_seat_sees_the_faces_of_its_own_cards_with_their_numbers_and_effect():
    game, s = opening()
    obs = s.observation(0)
    first = obs["players"][0]["arcana"][0]
    card = first["cult"][0]["card"]
    face = obs["cards"][card]
    printed = next(c for c in game.content.cults if c.id == card)
    assert (face["kind"], face["name"], face["damage"], face["text"]) == ("cult", printed.name, printed.damage,
                                                                           printed.text)
    prophet = obs["cards"][first["prophet"]]
    assert prophet["kind"] == "prophet" and prophet["faith"] > 0 and prophet["ability"]["text"]
    for d in obs["players"][0]["interventions"]:
        assert obs["cards"][d]["kind"] == "intervention" and obs["cards"][d]["text"]


def test_the_faces_of_the_opponents_face_down_cards_are_not_in_a_seats_view():
    game, s = opening()
    t = game.tables
    mine = s.observation(0)["cards"]
    theirs = s.observation(1)["cards"]
    watcher = s.observation(None)["cards"]
    for sl in range(4):
        for j, c in enumerate(s.cults[sl]):
            cid = t.cult_ids[c]
            assert cid in mine
            if not s.known[sl] >> (j + 1) & 1 and all(cid != t.cult_ids[x] for q in range(4, 8) for x in s.cults[q]):
                assert cid not in theirs and cid not in watcher
    hidden_prophets = [t.prophet_ids[s.proph[sl]] for sl in range(4) if not s.known[sl] & 1]
    assert hidden_prophets and not set(hidden_prophets) & (set(theirs) | set(watcher))
    # the deployed Prophet is public: everyone sees its face
    active = t.prophet_ids[s.proph[s.active[0]]]
    assert active in theirs and active in watcher

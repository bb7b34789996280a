"""The stage of marks: staging, entering and exiting, trampled marks, nobody moving twice."""

from solo.rules.stage import Stage


def test_the_first_three_take_marks_and_the_rest_wait_downstage():
    stage: Stage[str] = Stage(["a", "b"])
    cast = ["p", "q", "r", "s"]
    assert stage.stage("a", cast) == ["s"]
    assert [stage.mark_of("a", x) for x in cast] == [1, 2, 3, 0]
    assert stage.upstage("a") == ["p", "q", "r"] and stage.vacant("b") == [1, 2, 3]
    assert stage.adjacent(1) == [2] and stage.adjacent(2) == [1, 3]


def test_a_mark_is_entered_or_exited_once_a_restaging_and_nobody_moves_twice():
    stage: Stage[str] = Stage(["a", "b"])
    stage.stage("a", ["p", "q"])
    stage.new_restaging()
    assert stage.enter("a", "s") == 3  # the empty mark
    assert not stage.exit("a", "s")  # it already moved this restaging
    assert stage.exit("a", "p") and stage.empty("a") == [1]
    assert stage.enter("a", "t") == 0  # mark 1 was trampled by the exit
    stage.new_restaging()
    assert stage.enter("a", "t") == 1


def test_a_fallen_occupant_leaves_its_mark_vacant_not_trampled():
    stage: Stage[str] = Stage(["a", "b"])
    stage.stage("b", ["x", "y"])
    stage.new_restaging()
    assert stage.vacate("b", "x") == 1
    assert stage.enter("b", "z", mark=1) == 1

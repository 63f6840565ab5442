def test_rows():
    assert 6 * 7 == 42

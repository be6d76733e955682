"""What the tests share: random positions, CLI runs, the engines, and the corpus readers."""

"""What the tests share: random positions, CLI runs, the engines, the corpus readers, and the paths of the tree."""

"""Reference documents written from the rules as data: a quick reference and a rules reference."""

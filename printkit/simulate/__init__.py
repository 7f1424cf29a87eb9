"""Playing the rules: the engine protocol, the runner, the agents and the balance figures."""

int hostOnly() { return 1; }

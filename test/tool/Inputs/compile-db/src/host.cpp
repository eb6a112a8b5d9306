// compile-database.test: a C++ file of the database, not analysed by -p alone.
int host() { return 0; }

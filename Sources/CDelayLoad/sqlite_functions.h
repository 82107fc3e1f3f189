/* Every function report calls in SQLite, from libsqlite3.so.0: the CuraKnot care store.
   F(return type, name, (parameters), (arguments)); V(...) for a function returning nothing.
   Each is defined in delay_load.c with the header's own declaration in sight, so a wrong
   parameter list does not compile; as the library is not linked, a function missing here is an
   undefined symbol at link time. */
F(int, sqlite3_bind_int64, (sqlite3_stmt *a, int b, sqlite3_int64 c), (a, b, c))
F(int, sqlite3_bind_null, (sqlite3_stmt *a, int b), (a, b))
F(int, sqlite3_bind_text, (sqlite3_stmt *a, int b, const char *c, int d, void (*e)(void *)), (a, b, c, d, e))
F(int, sqlite3_busy_timeout, (sqlite3 *a, int b), (a, b))
F(int, sqlite3_clear_bindings, (sqlite3_stmt *a), (a))
F(int, sqlite3_close, (sqlite3 *a), (a))
F(int, sqlite3_close_v2, (sqlite3 *a), (a))
F(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt *a, int b), (a, b))
F(const unsigned char *, sqlite3_column_text, (sqlite3_stmt *a, int b), (a, b))
F(int, sqlite3_column_type, (sqlite3_stmt *a, int b), (a, b))
F(const char *, sqlite3_errmsg, (sqlite3 *a), (a))
F(int, sqlite3_exec, (sqlite3 *a, const char *b, int (*c)(void *, int, char **, char **), void *d, char **e), (a, b, c, d, e))
F(int, sqlite3_extended_result_codes, (sqlite3 *a, int b), (a, b))
F(int, sqlite3_finalize, (sqlite3_stmt *a), (a))
F(int, sqlite3_open_v2, (const char *a, sqlite3 **b, int c, const char *d), (a, b, c, d))
F(int, sqlite3_prepare_v2, (sqlite3 *a, const char *b, int c, sqlite3_stmt **d, const char **e), (a, b, c, d, e))
F(int, sqlite3_reset, (sqlite3_stmt *a), (a))
F(int, sqlite3_step, (sqlite3_stmt *a), (a))

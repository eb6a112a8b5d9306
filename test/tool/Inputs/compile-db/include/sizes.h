// Included by the sources of compile-database.test through -I.
#define ODD_THREADS 100

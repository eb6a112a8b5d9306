#define BLK 100

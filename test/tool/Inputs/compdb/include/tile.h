// TILE comes from the compile command (-DTILE=32,...): a command that lost
// nvcc's macros does not parse.
#ifndef TILE
#error "TILE is not defined"
#endif

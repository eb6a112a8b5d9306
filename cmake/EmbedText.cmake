# Writes the file IN as a C++ raw string literal into OUT.
file(READ "${IN}" text)
file(WRITE "${OUT}" "R\"__warplint__(${text})__warplint__\"\n")

// Declared here, defined in kernels.cu, called from main.cpp.
template <class T> void launchRows(int width, int height, int stride, T *out);
void launchSingle(int threads, float *out);
// Defined in middle.cu, which calls launchRows with what it is given.
void launchVia(int width, float *out);

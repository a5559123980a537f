// glibc's allocator controls (mallopt), which Swift's Glibc module leaves out.
#include <malloc.h>

double window(int k, const double *in);

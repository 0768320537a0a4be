extern float work[64];

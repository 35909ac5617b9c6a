declare namespace NodeJS {
  interface ProcessEnv {
    /** Defined at build time for the standalone showcase page only. */
    LOCAL_API_ORIGIN: string;
  }
}

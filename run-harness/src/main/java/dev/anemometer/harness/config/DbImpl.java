package dev.anemometer.harness.config;

/** Where the database of an app instance comes from. */
public enum DbImpl implements ConfigName {
  /** PostgreSQL binaries from Maven, started and stopped by the harness. */
  EMBEDDED("embedded"),
  /** A PostgreSQL installed on this host (127.0.0.1:5432 unless {@code jdbcUrl} says otherwise). */
  POSTGRES_SYSTEM("postgres-system"),
  /** A PostgreSQL somewhere else, reached through {@code jdbcUrl}; the harness only uses it. */
  POSTGRES_EXTERNAL("postgres-external");

  private final String configName;

  DbImpl(String configName) {
    this.configName = configName;
  }

  @Override
  public String configName() {
    return configName;
  }
}

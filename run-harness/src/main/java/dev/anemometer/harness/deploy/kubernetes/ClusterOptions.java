package dev.anemometer.harness.deploy.kubernetes;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options of the kubernetes target, shared by the commands that deploy. */
public final class ClusterOptions {

  @Option(
      names = "--kubeconfig",
      description = "kubeconfig file (default: $KUBECONFIG, ~/.kube/config, or in-cluster).")
  public Path kubeconfig;

  @Option(names = "--context", description = "kubeconfig context (default: its current one).")
  public String context;

  @Option(
      names = "--ready-timeout",
      defaultValue = "PT15M",
      description =
          "How long tiers may take to become ready, ISO-8601 (default: ${DEFAULT-VALUE}).")
  public java.time.Duration readyTimeout;
}

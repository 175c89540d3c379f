package dev.anemometer.harness.deploygen;

import static dev.anemometer.harness.deploygen.KubernetesManifests.resources;

/** The strategic-merge patches that size the base for one preset. */
final class Patches {

  private Patches() {}

  static String forPreset(StackModel model) {
    StringBuilder yaml = new StringBuilder();
    yaml.append(
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: app}
        spec:
          replicas: %d
          template:
            spec:
              containers:
                - name: app
                  env:
                    - {name: JAVA_OPTS, value: "%s"}
        %s\
        ---
        apiVersion: apps/v1
        kind: StatefulSet
        metadata: {name: postgres}
        spec:
          template:
            spec:
              containers:
                - name: postgres
        %s\
          volumeClaimTemplates:
            - metadata: {name: data}
              spec:
                accessModes: ["ReadWriteOnce"]
                resources:
                  requests: {storage: %dGi}
        ---
        apiVersion: batch/v1
        kind: Job
        metadata: {name: data-load}
        spec:
          template:
            spec:
              containers:
                - name: data-load
                  env:
                    - {name: MAX_USERS, value: "%d"}
        ---
        apiVersion: apps/v1
        kind: StatefulSet
        metadata: {name: driver-worker}
        spec:
          replicas: %d
        ---
        apiVersion: batch/v1
        kind: Job
        metadata: {name: driver-controller}
        spec:
          template:
            spec:
              containers:
                - name: controller
                  env:
                    - {name: USERS, value: "%d"}
                    - {name: DRIVER_WORKERS, value: "%s"}
        """
            .formatted(
                model.appReplicas(),
                ContainerConfigs.jvmOptions(model),
                resources("2", "2", model.appMemoryMegabytes(), 10),
                resources("1", "4", model.postgresMemoryMegabytes(), 10),
                Tiers.storageGigabytes(model),
                model.maxUsers(),
                model.driverWorkers(),
                model.users(),
                Driver.workerAddresses(model.driverWorkers())));
    if (model.hasWeb()) {
      yaml.append(replicas("nginx", model.webReplicas()));
    }
    if (model.hasLb()) {
      yaml.append(replicas("haproxy", model.lbReplicas()));
    }
    return yaml.toString();
  }

  private static String replicas(String deployment, int replicas) {
    return """
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: %s}
        spec:
          replicas: %d
        """
        .formatted(deployment, replicas);
  }
}

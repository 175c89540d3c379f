package dev.anemometer.harness.deploygen;

import static dev.anemometer.harness.deploygen.KubernetesManifests.DRIVER_IMAGE;
import static dev.anemometer.harness.deploygen.KubernetesManifests.resources;
import static dev.anemometer.harness.deploygen.KubernetesManifests.service;
import static dev.anemometer.harness.deploygen.Labels.all;
import static dev.anemometer.harness.deploygen.Labels.selector;

import java.util.StringJoiner;

/**
 * The driver as pods: workers in a StatefulSet (stable names the controller can list) behind a
 * headless Service, and a controller Job that splits users and accounts across them. The Job is
 * created suspended: load starts only when someone (the harness, or a user with kubectl) resumes it
 * after the tiers are ready and the data is loaded.
 */
final class Driver {

  static final int WORKER_PORT = 7000;

  private Driver() {}

  static String manifests(StackModel model) {
    return workers(model)
        + service("driver-worker", "driver-worker", model.instanceName(), WORKER_PORT, true)
        + controller(model);
  }

  static String workerAddresses(int workers) {
    StringJoiner addresses = new StringJoiner(",");
    for (int i = 0; i < workers; i++) {
      addresses.add("driver-worker-" + i + ".driver-worker:" + WORKER_PORT);
    }
    return addresses.toString();
  }

  private static String workers(StackModel model) {
    String instance = model.instanceName();
    return """
        apiVersion: apps/v1
        kind: StatefulSet
        metadata:
          name: driver-worker
          labels:
        %s\
        spec:
          serviceName: driver-worker
          replicas: %d
          podManagementPolicy: Parallel
          selector:
            matchLabels:
        %s\
          template:
            metadata:
              labels:
        %s\
            spec:
              containers:
                - name: worker
                  image: %s
                  args: ["worker", "--port", "%d", "--bind", "0.0.0.0", "--token", "$(DRIVER_TOKEN)"]
                  env:
                    - {name: DRIVER_HEALTH_PORT, value: "%d"}
                    - name: DRIVER_TOKEN
                      valueFrom: {secretKeyRef: {name: anemometer-secrets, key: driver-token}}
                  ports:
                    - {name: control, containerPort: %d}
                  readinessProbe:
                    tcpSocket: {port: control}
                    periodSeconds: 5
                  livenessProbe:
                    tcpSocket: {port: control}
                    periodSeconds: 10
        %s\
        """
        .formatted(
            all("driver-worker", instance, 4),
            model.driverWorkers(),
            selector("driver-worker", instance, 6),
            all("driver-worker", instance, 8),
            DRIVER_IMAGE,
            WORKER_PORT,
            WORKER_PORT,
            WORKER_PORT,
            resources("1", "2", 1024, 10));
  }

  private static String controller(StackModel model) {
    String instance = model.instanceName();
    return """
        ---
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: driver-controller
          labels:
        %s\
        spec:
          suspend: true
          backoffLimit: 0
          template:
            metadata:
              labels:
        %s\
            spec:
              restartPolicy: Never
              containers:
                - name: controller
                  image: %s
                  args: ["controller", "--workers", "$(DRIVER_WORKERS)", "--token", "$(DRIVER_TOKEN)",
                         "--target", "http://%s:8080", "--users", "$(USERS)", "--out", "/results"]
                  env:
                    - {name: USERS, value: "%d"}
                    - {name: DRIVER_WORKERS, value: "%s"}
                    - name: DRIVER_TOKEN
                      valueFrom: {secretKeyRef: {name: anemometer-secrets, key: driver-token}}
        %s\
                  volumeMounts:
                    - {name: results, mountPath: /results}
              volumes:
                - name: results
                  emptyDir: {}
        """
        .formatted(
            all("driver-controller", instance, 4),
            all("driver-controller", instance, 8),
            DRIVER_IMAGE,
            model.entryHost(),
            model.users(),
            workerAddresses(model.driverWorkers()),
            resources("500m", "1", 512, 10));
  }
}

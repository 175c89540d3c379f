package dev.anemometer.harness.deploygen;

import static dev.anemometer.harness.deploygen.KubernetesManifests.APP_IMAGE;
import static dev.anemometer.harness.deploygen.KubernetesManifests.resources;
import static dev.anemometer.harness.deploygen.KubernetesManifests.service;
import static dev.anemometer.harness.deploygen.Labels.all;
import static dev.anemometer.harness.deploygen.Labels.selector;

/** The server tiers of one app instance: PostgreSQL, the data loader, app, HAProxy, nginx. */
final class Tiers {

  private Tiers() {}

  static String postgres(StackModel model) {
    String instance = model.instanceName();
    return """
        apiVersion: apps/v1
        kind: StatefulSet
        metadata:
          name: postgres
          labels:
        %s\
        spec:
          serviceName: postgres
          replicas: 1
          selector:
            matchLabels:
        %s\
          template:
            metadata:
              labels:
        %s\
            spec:
              containers:
                - name: postgres
                  image: postgres:16
                  args: ["-c", "config_file=/etc/postgresql/postgresql.conf"]
                  env:
                    - {name: POSTGRES_DB, value: %s}
                    - {name: POSTGRES_USER, value: %s}
                    - name: POSTGRES_PASSWORD
                      valueFrom: {secretKeyRef: {name: anemometer-secrets, key: db-password}}
                    - {name: PGDATA, value: /var/lib/postgresql/data/pgdata}
                  ports:
                    - {name: postgres, containerPort: 5432}
                  readinessProbe:
                    exec: {command: ["pg_isready", "-U", "%s", "-d", "%s"]}
                    periodSeconds: 5
                  livenessProbe:
                    exec: {command: ["pg_isready", "-U", "%s"]}
                    initialDelaySeconds: 30
                    periodSeconds: 10
        %s\
                  volumeMounts:
                    - {name: data, mountPath: /var/lib/postgresql/data}
                    - {name: config, mountPath: /etc/postgresql}
                    - {name: shm, mountPath: /dev/shm}
              volumes:
                - name: config
                  configMap: {name: postgres-config}
                - name: shm
                  emptyDir: {medium: Memory, sizeLimit: 256Mi}
          volumeClaimTemplates:
            - metadata:
                name: data
                labels:
        %s\
              spec:
                accessModes: ["ReadWriteOnce"]
                resources:
                  requests: {storage: %dGi}
        """
            .formatted(
                all("db", instance, 4),
                selector("db", instance, 6),
                all("db", instance, 8),
                ContainerConfigs.DATABASE,
                ContainerConfigs.DATABASE_USER,
                ContainerConfigs.DATABASE_USER,
                ContainerConfigs.DATABASE,
                ContainerConfigs.DATABASE_USER,
                resources("1", "4", model.postgresMemoryMegabytes(), 10),
                all("db", instance, 10),
                storageGigabytes(model))
        + service("postgres", "db", instance, ContainerConfigs.POSTGRES_PORT, true);
  }

  /** Weathervane's data sizes: about 2 MB per maxUsers-thousand of rows, plus images and room. */
  static int storageGigabytes(StackModel model) {
    return Math.max(5, model.maxUsers() / 1000);
  }

  static String dataLoad(StackModel model) {
    String instance = model.instanceName();
    return """
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: data-load
          labels:
        %s\
        spec:
          backoffLimit: 3
          template:
            metadata:
              labels:
        %s\
            spec:
              restartPolicy: OnFailure
              containers:
                - name: data-load
                  image: %s
                  command: ["sh", "/opt/anemometer/prepare-data.sh"]
                  env:
                    - {name: MAX_USERS, value: "%d"}
                    - {name: JAVA_OPTS, value: "-Xmx1g"}
        %s\
        %s\
        """
        .formatted(
            all("data-load", instance, 4),
            all("data-load", instance, 8),
            APP_IMAGE,
            model.maxUsers(),
            databaseEnv(12),
            resources("1", "2", 1536, 10));
  }

  static String app(StackModel model) {
    String instance = model.instanceName();
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: app
          labels:
        %s\
        spec:
          replicas: %d
          selector:
            matchLabels:
        %s\
          template:
            metadata:
              labels:
        %s\
            spec:
              terminationGracePeriodSeconds: 45
              containers:
                - name: app
                  image: %s
                  env:
                    - {name: JAVA_OPTS, value: "%s"}
                    - {name: SPRING_CONFIG_ADDITIONAL_LOCATION, value: "file:/etc/anemometer/app.properties"}
        %s\
                  ports:
                    - {name: http, containerPort: 8080}
                  startupProbe:
                    httpGet: {path: /actuator/health/liveness, port: http}
                    periodSeconds: 5
                    failureThreshold: 60
                  readinessProbe:
                    httpGet: {path: /actuator/health/readiness, port: http}
                    periodSeconds: 5
                  livenessProbe:
                    httpGet: {path: /actuator/health/liveness, port: http}
                    periodSeconds: 10
                    failureThreshold: 3
        %s\
                  volumeMounts:
                    - {name: config, mountPath: /etc/anemometer}
              volumes:
                - name: config
                  configMap: {name: app-config}
        """
            .formatted(
                all("app", instance, 4),
                model.appReplicas(),
                selector("app", instance, 6),
                all("app", instance, 8),
                APP_IMAGE,
                ContainerConfigs.jvmOptions(model),
                databaseEnv(12),
                resources("2", "2", model.appMemoryMegabytes(), 10))
        + service("app", "app", instance, ContainerConfigs.HTTP_PORT, false)
        + service("app-pods", "app", instance, ContainerConfigs.HTTP_PORT, true);
  }

  static String haproxy(StackModel model) {
    return proxy(
        model,
        "haproxy",
        "lb",
        "haproxy:2.8",
        "/usr/local/etc/haproxy",
        "haproxy-config",
        model.lbReplicas(),
        "");
  }

  static String nginx(StackModel model) {
    String staticMount =
        """
                    - {name: static, mountPath: /usr/share/nginx/html}
        """;
    String staticVolume =
        """
                - name: static
                  configMap:
                    name: web-static
                    items:
                      - {key: index.html, path: index.html}
                      - {key: auction.css, path: static/auction.css}
                      - {key: logo.svg, path: static/logo.svg}
        """;
    return proxy(
        model,
        "nginx",
        "web",
        "nginx:1.27",
        "/etc/nginx/nginx.conf",
        "nginx-config",
        model.webReplicas(),
        staticMount + "\u0000" + staticVolume);
  }

  /** nginx and HAProxy alike: a config file from a ConfigMap, a TCP probe, room to spare. */
  private static String proxy(
      StackModel model,
      String name,
      String tier,
      String image,
      String configPath,
      String configMap,
      int replicas,
      String extraVolumes) {
    String instance = model.instanceName();
    String[] extra = extraVolumes.isEmpty() ? new String[] {"", ""} : extraVolumes.split("\u0000");
    boolean singleFile = configPath.endsWith(".conf");
    String mount =
        singleFile
            ? "{name: config, mountPath: " + configPath + ", subPath: " + name + ".conf}"
            : "{name: config, mountPath: " + configPath + "}";
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %s
          labels:
        %s\
        spec:
          replicas: %d
          selector:
            matchLabels:
        %s\
          template:
            metadata:
              labels:
        %s\
            spec:
              containers:
                - name: %s
                  image: %s
        %s\
                  ports:
                    - {name: http, containerPort: 8080}
                  readinessProbe:
                    tcpSocket: {port: http}
                    periodSeconds: 5
                  livenessProbe:
                    tcpSocket: {port: http}
                    periodSeconds: 10
        %s\
                  volumeMounts:
                    - %s
        %s\
              volumes:
                - name: config
                  configMap: {name: %s}
        %s\
        """
            .formatted(
                name,
                all(tier, instance, 4),
                replicas,
                selector(tier, instance, 6),
                all(tier, instance, 8),
                name,
                image,
                // The rendered nginx.conf says 'daemon off;' itself; the image's default adds it.
                name.equals("nginx") ? "          command: [\"nginx\"]\n" : "",
                resources("500m", "2", 256, 10),
                mount,
                extra[0],
                configMap,
                extra[1])
        + service(name, tier, instance, ContainerConfigs.HTTP_PORT, false);
  }

  static String databaseEnv(int indent) {
    String pad = " ".repeat(indent);
    return pad
        + "- {name: SPRING_DATASOURCE_URL, value: \""
        + ContainerConfigs.jdbcUrl()
        + "\"}\n"
        + pad
        + "- {name: SPRING_DATASOURCE_USERNAME, value: "
        + ContainerConfigs.DATABASE_USER
        + "}\n"
        + pad
        + "- name: SPRING_DATASOURCE_PASSWORD\n"
        + pad
        + "  valueFrom: {secretKeyRef: {name: anemometer-secrets, key: db-password}}\n";
  }
}

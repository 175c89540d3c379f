package dev.anemometer.harness.deploygen;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.Map;
import java.util.TreeMap;

/**
 * The kinds of object the tiers are made of, each labelled for its tier and selecting its tier's
 * pods. StatefulSets and Jobs come back as builders: each tier adds what is its own.
 */
final class Workloads {

  private Workloads() {}

  static Deployment deployment(String name, TierLabels labels, int replicas, PodSpec pod) {
    return new DeploymentBuilder()
        .withMetadata(labels.metadata(name))
        .withNewSpec()
        .withReplicas(replicas)
        .withNewSelector()
        .withMatchLabels(labels.selector())
        .endSelector()
        .withTemplate(template(labels, pod))
        .endSpec()
        .build();
  }

  /** Pods with stable names, found through the headless Service of the same name. */
  static StatefulSetBuilder statefulSet(String name, TierLabels labels, int replicas, PodSpec pod) {
    return new StatefulSetBuilder()
        .withMetadata(labels.metadata(name))
        .withNewSpec()
        .withServiceName(name)
        .withReplicas(replicas)
        .withNewSelector()
        .withMatchLabels(labels.selector())
        .endSelector()
        .withTemplate(template(labels, pod))
        .endSpec();
  }

  static JobBuilder job(String name, TierLabels labels, PodSpec pod) {
    return new JobBuilder()
        .withMetadata(labels.metadata(name))
        .withNewSpec()
        .withTemplate(template(labels, pod))
        .endSpec();
  }

  /** A Service on one port; a headless one resolves to every pod rather than to one address. */
  static Service service(String name, TierLabels labels, int port, boolean headless) {
    return new ServiceBuilder()
        .withMetadata(labels.metadata(name))
        .withNewSpec()
        .withClusterIP(headless ? "None" : null)
        .withSelector(labels.selector())
        .addNewPort()
        .withName("main")
        .withPort(port)
        .withNewTargetPort(port)
        .endPort()
        .endSpec()
        .build();
  }

  /** Files by name, in name order so that the generated text does not depend on a map's order. */
  static ConfigMap configMap(String name, TierLabels labels, Map<String, String> files) {
    return new ConfigMapBuilder()
        .withMetadata(labels.metadata(name))
        .withData(new TreeMap<>(files))
        .build();
  }

  private static PodTemplateSpec template(TierLabels labels, PodSpec pod) {
    return new PodTemplateSpecBuilder()
        .withNewMetadata()
        .withLabels(labels.all())
        .endMetadata()
        .withSpec(pod)
        .build();
  }
}

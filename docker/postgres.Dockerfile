# PostgreSQL 15 from Debian's packages, the version the local target runs, with the official
# image's interface: POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB create the role and the
# database when the data directory is empty; arguments go to postgres (e.g. -c config_file=...).
#   docker build -f docker/postgres.Dockerfile -t anemometer/postgres:0.1.0 .
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
# No cluster at install time: the entry point makes one in the volume.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
    && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main.conf \
    && apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /usr/share/doc/* /usr/share/man/* /usr/share/locale/* \
    && mkdir -p /var/lib/postgresql/data /run/postgresql \
    && chown postgres:postgres /var/lib/postgresql/data /run/postgresql \
    && chmod 700 /var/lib/postgresql/data
COPY docker/postgres-start.sh /usr/local/bin/postgres-start
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["sh", "/usr/local/bin/postgres-start"]

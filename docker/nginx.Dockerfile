# nginx from Debian's packages, the version the local target runs, as the unprivileged user nginx
# (the rendered nginx.conf names it and listens on 8080). Configuration and pages are mounted:
# /etc/nginx/nginx.conf and /usr/share/nginx/html.
#   docker build -f docker/nginx.Dockerfile -t anemometer/nginx:0.1.0 .
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx \
    && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /usr/share/doc/* /usr/share/man/* /usr/share/locale/* \
    && groupadd --system --gid 10002 nginx \
    && useradd --system --uid 10002 --gid nginx --home-dir /var/cache/nginx nginx \
    && mkdir -p /var/cache/nginx /usr/share/nginx/html \
    && chown -R nginx:nginx /var/cache/nginx /var/log/nginx /var/lib/nginx
USER nginx
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["nginx"]

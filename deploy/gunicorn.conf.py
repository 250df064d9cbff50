"""gunicorn behind nginx (``deploy/nginx.conf``): ``gunicorn tutor.wsgi -c deploy/gunicorn.conf.py``.

Sync workers are right here because nginx buffers every request and answer: a worker only ever talks
to nginx on the local machine, never to a slow client. Every value can be changed from the
environment (``GUNICORN_BIND``, ``GUNICORN_WORKERS``, ``GUNICORN_TIMEOUT``).
"""

import multiprocessing
import os
import time

from gunicorn.glogging import Logger

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Four per core plus one. A page is CPU-bound Python but bounded (each page of the worst boards builds in
# under a second, then comes from the content cache), so the limit is not the cores but how many slow
# builds may run at once while cheap pages still find a free worker: with five heavy pages building on two
# cores, four workers are left for the reader and cached pages, which the OS schedules between them. A
# sync worker stuck past the timeout is still killed, which a threaded worker would not be.
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() * 4 + 1))
worker_class = "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))  # a stuck request is killed, the worker replaced
graceful_timeout = 30  # on HUP/TERM, requests in flight get this long to finish
keepalive = 5  # nginx keeps upstream connections open (upstream keepalive)
max_requests = 5000  # workers are replaced now and then: memory never creeps up
max_requests_jitter = 500

# Requests nginx would refuse anyway; a request that reached gunicorn directly is held to the same.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

forwarded_allow_ips = "127.0.0.1,::1"  # trust X-Forwarded-Proto from the local nginx only
proxy_allow_ips = "127.0.0.1,::1"

accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# The visitor is nginx's X-Real-IP (the peer is always nginx) and the request id nginx's X-Request-ID,
# the one its own access log and Django's request line carry.
access_log_format = '%({x-real-ip}i)s - - %(t)s "%(r)s" %(s)s %(b)s %(M)sms request_id=%({x-request-id}i)s'


class UTCLogger(Logger):
    """gunicorn's logger with every time in UTC.

    Django sets the process's time zone to ``TIME_ZONE`` (Asia/Tokyo) when a worker loads it, so
    gunicorn's local times were UTC in the master and +0900 in the workers, in the same log.
    """

    def now(self) -> str:
        return time.strftime("[%d/%b/%Y:%H:%M:%S +0000]", time.gmtime())

    def setup(self, cfg: object) -> None:
        super().setup(cfg)
        for handler in self.error_log.handlers + self.access_log.handlers:
            if handler.formatter is not None:
                handler.formatter.converter = time.gmtime


logger_class = UTCLogger

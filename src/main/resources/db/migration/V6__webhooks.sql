-- Webhooks (D13, D16): partner endpoints, one delivery per endpoint and event, every attempt,
-- and the failure e-mails kept when no SMTP server is configured.

-- Set in the transaction that fans an outbox event out to its deliveries, so it happens once.
alter table outbox_events add column fanned_out boolean default false not null;
create index outbox_events_pending on outbox_events (fanned_out, occurred_at);

create table webhook_endpoints (
    id                      uuid primary key,
    partner_id              uuid not null references partners (id),
    environment             varchar(20) not null check (environment in ('sandbox', 'production')),
    url                     varchar(2000) not null,
    subscribed_events       varchar(200) not null,
    status                  varchar(20) not null check (status in ('active', 'paused', 'disabled')),
    description             varchar(500),
    -- HMAC keys must be recoverable to sign, so they are sealed (AES-256-GCM under the master key).
    secret_sealed           varchar(500) not null,
    previous_secret_sealed  varchar(500),
    previous_secret_until   timestamp with time zone,
    failure_streak          integer default 0 not null,
    failure_mail_sent       boolean default false not null,
    created_at              timestamp with time zone not null
);
create index webhook_endpoints_tenant on webhook_endpoints (partner_id, environment, created_at);

create table webhook_deliveries (
    id               uuid primary key,
    endpoint_id      uuid not null references webhook_endpoints (id),
    event_id         uuid not null references outbox_events (id),
    partner_id       uuid not null,
    environment      varchar(20) not null,
    event_type       varchar(40) not null,
    session_id       uuid,
    status           varchar(20) not null check (status in ('pending', 'succeeded', 'failed')),
    attempt_count    integer default 0 not null,
    first_attempt_at timestamp with time zone,
    next_attempt_at  timestamp with time zone,
    -- A claimed delivery belongs to one dispatcher until the lease ends (a crashed node's lease lapses).
    lease_until      timestamp with time zone,
    lease_token      uuid,
    created_at       timestamp with time zone not null
);
create index webhook_deliveries_due on webhook_deliveries (status, next_attempt_at);
create index webhook_deliveries_tenant on webhook_deliveries (partner_id, environment, created_at);

create table webhook_attempts (
    delivery_id    uuid not null references webhook_deliveries (id),
    attempt_number integer not null,
    attempted_at   timestamp with time zone not null,
    status_code    integer,
    error          varchar(200),
    latency_ms     bigint not null,
    response_body  varchar(4100),
    primary key (delivery_id, attempt_number)
);

create table outgoing_mail (
    id         uuid primary key,
    recipient  varchar(320) not null,
    subject    varchar(300) not null,
    body       varchar(10000) not null,
    created_at timestamp with time zone not null,
    sent_at    timestamp with time zone
);

-- Consent sessions and everything one of their state changes writes in the same transaction:
-- the grant, the opportunity and its timeline, the consumer's history and notifications, and the
-- webhook outbox (delivered by the webhooks feature).

create table consent_sessions (
    id                uuid primary key,
    partner_id        uuid not null references partners (id),
    environment       varchar(20) not null check (environment in ('sandbox', 'production')),
    client_id         uuid not null references clients (id),
    product_id        uuid not null references products (id),
    product_version   integer not null,
    opportunity_id    uuid not null,
    external_reference varchar(200),
    return_url        varchar(2000),
    metadata          varchar(30000) not null,
    consumer_hint     varchar(320),
    status            varchar(20) not null check (status in ('pending', 'granted', 'denied', 'expired', 'revoked')),
    consumer_id       uuid references users (id),
    collection_method varchar(20) not null check (collection_method in ('session_page', 'api', 'embed')),
    embed_origin      varchar(300),
    embed_token_hash  varchar(64),
    expires_at        timestamp with time zone not null,
    created_at        timestamp with time zone not null,
    updated_at        timestamp with time zone not null,
    answered_at       timestamp with time zone,
    revoked_at        timestamp with time zone,
    revoked_by        varchar(20)
);
create index consent_sessions_tenant on consent_sessions (partner_id, environment, created_at desc, id desc);
create index consent_sessions_consumer on consent_sessions (consumer_id, created_at desc, id desc);
create index consent_sessions_due on consent_sessions (status, expires_at);

create table grants (
    id              uuid primary key,
    session_id      uuid not null unique references consent_sessions (id),
    consumer_id     uuid not null references users (id),
    partner_id      uuid not null references partners (id),
    environment     varchar(20) not null,
    product_id      uuid not null references products (id),
    product_version integer not null,
    data_categories varchar(200) not null,
    status          varchar(20) not null check (status in ('active', 'revoked')),
    granted_at      timestamp with time zone not null,
    revoked_at      timestamp with time zone,
    revoked_by      varchar(20)
);
create index grants_consumer on grants (consumer_id, granted_at desc, id desc);

create table opportunities (
    id                 uuid primary key,
    partner_id         uuid not null references partners (id),
    environment        varchar(20) not null,
    product_id         uuid not null references products (id),
    session_id         uuid not null unique references consent_sessions (id),
    external_reference varchar(200),
    stage              varchar(30) not null check (stage in ('new', 'consent_pending', 'consent_granted', 'in_review',
                                                           'approved', 'declined', 'withdrawn', 'closed')),
    owner_name         varchar(200),
    metadata           varchar(30000) not null,
    outcome            varchar(5000),
    version            integer not null,
    created_at         timestamp with time zone not null,
    updated_at         timestamp with time zone not null
);
create index opportunities_tenant on opportunities (partner_id, environment, created_at desc, id desc);

create table opportunity_timeline (
    id             uuid primary key,
    opportunity_id uuid not null references opportunities (id),
    entry_type     varchar(30) not null,
    occurred_at    timestamp with time zone not null,
    actor          varchar(320) not null,
    details        varchar(10000) not null
);
create index opportunity_timeline_by_opportunity on opportunity_timeline (opportunity_id, occurred_at desc, id desc);

create table history_events (
    id          uuid primary key,
    consumer_id uuid not null references users (id),
    event_type  varchar(40) not null,
    occurred_at timestamp with time zone not null,
    actor       varchar(20) not null,
    summary     varchar(1000) not null,
    details     varchar(10000) not null
);
create index history_events_consumer on history_events (consumer_id, occurred_at desc, id desc);

create table notifications (
    id                uuid primary key,
    consumer_id       uuid not null references users (id),
    notification_type varchar(40) not null,
    title             varchar(200) not null,
    body              varchar(2000) not null,
    link              varchar(2000) not null,
    created_at        timestamp with time zone not null,
    read_at           timestamp with time zone
);
create index notifications_consumer on notifications (consumer_id, created_at desc, id desc);

-- The transactional outbox (D13): an event is stored with the change that caused it.
create table outbox_events (
    id          uuid primary key,
    partner_id  uuid not null references partners (id),
    environment varchar(20) not null,
    event_type  varchar(40) not null,
    session_id  uuid,
    payload     varchar(10000) not null,
    occurred_at timestamp with time zone not null
);
create index outbox_events_tenant on outbox_events (partner_id, environment, occurred_at);

-- The consumer's own data that partners can be granted (D17); the consumer's API fills them.
create table consumer_contacts (
    id          uuid primary key,
    consumer_id uuid not null references users (id),
    kind        varchar(10) not null check (kind in ('email', 'phone')),
    contact_value varchar(320) not null,
    label       varchar(100),
    is_primary  boolean not null,
    created_at  timestamp with time zone not null,
    updated_at  timestamp with time zone not null
);
create index consumer_contacts_consumer on consumer_contacts (consumer_id, created_at);

create table consumer_addresses (
    id          uuid primary key,
    consumer_id uuid not null references users (id),
    label       varchar(100),
    line1       varchar(200) not null,
    line2       varchar(200),
    city        varchar(100) not null,
    region      varchar(100),
    postal_code varchar(20),
    country     varchar(2) not null,
    is_primary  boolean not null,
    created_at  timestamp with time zone not null,
    updated_at  timestamp with time zone not null
);
create index consumer_addresses_consumer on consumer_addresses (consumer_id, created_at);

-- Foundation: partners and their clients, user accounts, products, idempotency records.
-- One schema for H2 (PostgreSQL mode) and PostgreSQL: portable types only.

create table partners (
    id          uuid primary key,
    name        varchar(200) not null,
    owner_email varchar(320) not null,
    created_at  timestamp with time zone not null
);

create table clients (
    id              uuid primary key,
    partner_id      uuid references partners (id),
    name            varchar(200) not null,
    client_type     varchar(20)  not null check (client_type in ('confidential', 'public')),
    environment     varchar(20)  not null check (environment in ('sandbox', 'production')),
    scopes          varchar(2000) not null,
    redirect_uris   varchar(8000) not null,
    allowed_origins varchar(8000) not null,
    status          varchar(20)  not null check (status in ('active', 'disabled')),
    created_at      timestamp with time zone not null
);
create index clients_partner on clients (partner_id);

-- Secrets are 256-bit random values, so a SHA-256 digest is a safe way to keep them (D4).
create table client_secrets (
    id          uuid primary key,
    client_id   uuid not null references clients (id),
    secret_hash varchar(64) not null,
    created_at  timestamp with time zone not null,
    expires_at  timestamp with time zone
);
create index client_secrets_client on client_secrets (client_id);

create table users (
    id            uuid primary key,
    email         varchar(320) not null,
    password_hash varchar(200) not null,
    account_type  varchar(20)  not null check (account_type in ('consumer', 'staff')),
    first_name    varchar(200),
    last_name     varchar(200),
    phone         varchar(20),
    status        varchar(20)  not null check (status in ('active', 'disabled')),
    created_at    timestamp with time zone not null,
    updated_at    timestamp with time zone not null
);
create unique index users_email on users (email);

create table products (
    id               uuid primary key,
    partner_id       uuid not null references partners (id),
    environment      varchar(20)  not null check (environment in ('sandbox', 'production')),
    lifecycle_status varchar(20)  not null check (lifecycle_status in ('draft', 'published', 'archived')),
    name             varchar(200) not null,
    description      varchar(5000),
    purpose          varchar(5000),
    data_categories  varchar(200) not null,
    retention_days   integer,
    metadata         varchar(20000) not null,
    current_version  integer,
    created_at       timestamp with time zone not null,
    updated_at       timestamp with time zone not null
);
create index products_tenant on products (partner_id, environment, created_at desc, id desc);

create table product_versions (
    product_id      uuid not null references products (id),
    version         integer not null,
    published_at    timestamp with time zone not null,
    name            varchar(200) not null,
    description     varchar(5000),
    purpose         varchar(5000) not null,
    data_categories varchar(200) not null,
    retention_days  integer,
    metadata        varchar(20000) not null,
    primary key (product_id, version)
);

-- D9: one row per (caller, key). A row without a response is held by a running request until lease_until.
create table idempotency_keys (
    owner_key             varchar(200) not null,
    idem_key              varchar(200) not null,
    request_hash          varchar(64)  not null,
    created_at            timestamp with time zone not null,
    lease_until           timestamp with time zone not null,
    response_status       integer,
    response_content_type varchar(200),
    response_body         bytea,
    response_location     varchar(2000),
    primary key (owner_key, idem_key)
);
create index idempotency_keys_created on idempotency_keys (created_at);

-- Facts about this installation, such as whether demo data was created.
create table installation_facts (
    name       varchar(100) primary key,
    fact_value varchar(2000) not null,
    created_at timestamp with time zone not null
);

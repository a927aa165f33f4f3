import type { Kysely } from 'kysely';
import type { Database } from './database.js';
import { hashPassword } from '../lib/passwords.js';
import { openAccount } from '../lib/open-account.js';
import { ROLES, OFFICES } from '../../shared/product.js';
import { readFormList } from '../../shared/forms/read-forms-dir.js';
import { listOptions } from '../../shared/forms/list-options.js';

export const DEMO_ADMIN = { email: 'admin@cu.example', password: 'Admin!2345' } as const;
/** A second administrator: four eyes (a flagged application needs approvals by two different administrators). */
export const DEMO_SECOND_ADMIN = { email: 'ben@cu.example', password: 'Admin!2345', mobile: '+18683000004' } as const;
export const DEMO_MEMBER = { email: 'member@cu.example', password: 'Member!2345' } as const;
export const DEMO_OTHER_MEMBER = { email: 'grace@cu.example', password: 'Member!2345' } as const;

async function addMember(db: Kysely<Database>, member: { number: string; first: string; last: string; email: string | null; mobile: string | null; dob: string }) {
  const row = await db
    .insertInto('members')
    .values({ member_number: member.number, first_name: member.first, last_name: member.last, email: member.email, mobile: member.mobile, dob: member.dob })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A member with online access: the member record and its Customer user, with the same name, contacts and birth date. */
async function addOnlineMember(
  db: Kysely<Database>,
  person: { number: string; first: string; last: string; email: string; mobile: string; dob: string; gender: string; passwordHash: string; officeId: number },
) {
  const memberId = await addMember(db, person);
  await db
    .insertInto('users')
    .values({
      first_name: person.first,
      last_name: person.last,
      other_names: null,
      email: person.email,
      mobile: person.mobile,
      password_hash: person.passwordHash,
      role_id: ROLES.CUSTOMER,
      office_id: person.officeId,
      dob: person.dob,
      gender: person.gender,
      member_id: memberId,
      last_signed_in_on: null,
    })
    .execute();
  return memberId;
}

export interface SeedOptions {
  /** Demo sign-ins and sample members (development and test). */
  demo: boolean;
  adminEmail?: string;
  adminPassword?: string;
}

/** Seeds reference data, and in development the demo administrator, members and accounts. Idempotent. */
export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<{ seeded: boolean }> {
  return db.transaction().execute(async (trx) => {
    // The reference tables hold what forms/lists says (the admin form offers the same ids); one statement each.
    const roles = listOptions<number>(readFormList('roles')).map(({ value, title }) => ({ id: value, name: title }));
    if (roles.length) await trx.insertInto('roles').values(roles).onConflict((oc) => oc.column('id').doNothing()).execute();
    const offices = listOptions<number>(readFormList('offices')).map(({ value, title }) => ({ id: value, name: title }));
    if (offices.length) await trx.insertInto('offices').values(offices).onConflict((oc) => oc.column('id').doNothing()).execute();
    const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (anyUser) return { seeded: false };

    if (!options.demo) {
      if (options.adminEmail && options.adminPassword) {
        await trx
          .insertInto('users')
          .values({
            first_name: 'System',
            last_name: 'Administrator',
            other_names: null,
            email: options.adminEmail,
            mobile: null,
            password_hash: await hashPassword(options.adminPassword),
            role_id: ROLES.SYSTEMS_ADMINISTRATOR,
            office_id: OFFICES.TRINIDAD_PORT_OF_SPAIN,
            dob: null,
            gender: null,
            member_id: null,
            last_signed_in_on: null,
          })
          .execute();
      }
      return { seeded: true };
    }
    // The demo sign-ins' hashes made side by side (argon2 runs off the main thread; one after the other they were
    // most of a new database's seed). Each has its own salt; the parameters are every hash's.
    const [adminHash, secondAdminHash, memberHash, otherMemberHash] = await Promise.all(
      [DEMO_ADMIN, DEMO_SECOND_ADMIN, DEMO_MEMBER, DEMO_OTHER_MEMBER].map((person) => hashPassword(person.password)),
    );

    await trx
      .insertInto('users')
      .values({
        first_name: 'Ava',
        last_name: 'Administrator',
        other_names: null,
        email: DEMO_ADMIN.email,
        mobile: '+18683000001',
        password_hash: adminHash,
        role_id: ROLES.SYSTEMS_ADMINISTRATOR,
        office_id: OFFICES.TRINIDAD_PORT_OF_SPAIN,
        dob: '1985-04-12',
        gender: 'female',
        member_id: null,
        last_signed_in_on: null,
      })
      .execute();

    const marcus = await addOnlineMember(trx, { number: 'M000101', first: 'Marcus', last: 'Baptiste', email: DEMO_MEMBER.email, mobile: '+18683000002', dob: '1990-07-21', gender: 'male', passwordHash: memberHash, officeId: OFFICES.TRINIDAD_PORT_OF_SPAIN });
    await openAccount(trx, { memberId: marcus, accountNumber: '10000000101', type: 'savings', productCode: 'SAV', productName: 'Regular Savings', openingCents: 1_250_000 });
    await openAccount(trx, { memberId: marcus, accountNumber: '10000000102', type: 'savings', productCode: 'XMS', productName: 'Christmas Club Savings', openingCents: 85_050 });
    await openAccount(trx, { memberId: marcus, accountNumber: '20000000101', type: 'deposit', productCode: 'FDA', productName: 'Fixed Deposit 12 Months', openingCents: 500_000 });
    await openAccount(trx, { memberId: marcus, accountNumber: '30000000101', type: 'loan', productCode: 'PLN', productName: 'Personal Loan', openingCents: 1_875_000 });

    const grace = await addOnlineMember(trx, { number: 'M000102', first: 'Grace', last: 'Ramdial', email: DEMO_OTHER_MEMBER.email, mobile: '+18683000003', dob: '1988-02-03', gender: 'female', passwordHash: otherMemberHash, officeId: OFFICES.TOBAGO_PANAM_BUILDING });
    await openAccount(trx, { memberId: grace, accountNumber: '10000000201', type: 'savings', productCode: 'SAV', productName: 'Regular Savings', openingCents: 310_000 });

    // Members of the credit union without online access: the existing-customer onboarding paths, one member
    // each for the QA journeys of every kind of applicant (a minor, a foreign national, a foreign minor).
    const offline = [
      { number: 'M000201', first: 'Keisha', last: 'Mohammed', email: 'keisha.mohammed@example.com', mobile: '+18684000001', dob: '1979-11-30', account: '10000000301' },
      { number: 'M000202', first: 'Andre', last: 'Charles', email: 'andre.charles@example.com', mobile: '+18684000002', dob: '1995-05-14', account: '10000000302' },
      { number: 'M000203', first: 'Priya', last: 'Singh', email: 'priya.singh@example.com', mobile: '+18684000003', dob: '2001-01-09', account: '10000000303' },
      { number: 'M000204', first: 'Jada', last: 'Joseph', email: 'jada.joseph@example.com', mobile: '+18684000004', dob: '2013-06-18', account: '10000000304' },
      { number: 'M000205', first: 'Lucas', last: 'Ferreira', email: 'lucas.ferreira@example.com', mobile: '+18684000005', dob: '1986-09-23', account: '10000000305' },
      { number: 'M000206', first: 'Sofia', last: 'Mendes', email: 'sofia.mendes@example.com', mobile: '+18684000006', dob: '2012-04-11', account: '10000000306' },
    ];
    for (const m of offline) {
      const id = await addMember(trx, { number: m.number, first: m.first, last: m.last, email: m.email, mobile: m.mobile, dob: m.dob });
      await openAccount(trx, { memberId: id, accountNumber: m.account, type: 'savings', productCode: 'SAV', productName: 'Regular Savings', openingCents: 100_000 });
    }
    // Last, so the ids of the users and members above stay as they were.
    await trx
      .insertInto('users')
      .values({
        first_name: 'Ben',
        last_name: 'Checker',
        other_names: null,
        email: DEMO_SECOND_ADMIN.email,
        mobile: DEMO_SECOND_ADMIN.mobile,
        password_hash: secondAdminHash,
        role_id: ROLES.SYSTEMS_ADMINISTRATOR,
        office_id: OFFICES.TOBAGO_PANAM_BUILDING,
        dob: '1982-09-09',
        gender: 'male',
        member_id: null,
        last_signed_in_on: null,
      })
      .execute();
    return { seeded: true };
  });
}

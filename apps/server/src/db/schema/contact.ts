import { text } from "drizzle-orm/pg-core";

/** Contact and address columns shared by companies and communities (fresh builders per table). */
export function contactColumns() {
  return {
    email: text("email"),
    contactPerson: text("contact_person"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    /** the spec's `country` field holds the province */
    province: text("province"),
    postcode: text("postcode"),
  };
}

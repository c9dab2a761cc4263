"""Games that live only in the tests: they prove the platform is generic, never ship."""
